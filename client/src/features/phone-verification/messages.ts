/**
 * Every text of the phone-verification screens (issue 17) in one place, so the Bengali interface can
 * translate them without hunting through components.
 */
export const PHONE_VERIFICATION_TEXT = {
  phoneLabel: 'Phone number',
  phoneToVerifyLabel: 'Phone to verify',
  codeLabel: 'Code from the SMS',
  codeHint: 'We sent a 6-digit code by SMS. It works for 5 minutes.',
  sendCode: 'Send code by SMS',
  sending: 'Sending…',
  resend: 'Send a new code',
  codeSent: 'Code sent',
  newPassword: 'New Password',
  confirmPassword: 'Confirm Password',
  resetSubmit: 'Set new password',
  resetting: 'Saving…',
  recoverIntro: 'Enter the phone number of your account. We send a code by SMS; with it you can set a new password.',
  recoverDone: 'Your password has been reset. Please log in with your new password.',
  verifySubmit: 'Verify phone',
  verifying: 'Verifying…',
  verified: 'Your phone number is verified.',
  accountPhoneTitle: 'Verify your phone',
  accountPhoneIntro: 'A verified phone lets you recover your account by SMS and use phone-only offers.',
  checkoutTitle: 'Verify your phone number',
  checkoutIntro: 'Please confirm your phone number with the code we send by SMS, then place your order again.',
  networkError: 'Network Error: please check your connection and try again.',
  orByMail: 'Recover with your e-mail instead',
} as const;
