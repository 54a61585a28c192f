/** What the phone-code calls answer (issue 17); no imports, so request schemas can use it. */
export const PHONE_CODE_MINUTES = 5;

export const PHONE_CODE_MESSAGES = {
  sent: `If this number can get a code, it is on its way by SMS. It works for ${PHONE_CODE_MINUTES} minutes.`,
} as const;
