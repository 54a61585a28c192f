import { z } from 'zod';
import type { ApiRoute } from '../../observability/openapi/api-route';
import { messageAnswer } from '../../observability/openapi/answer-schemas';
import { addStaffRequest, resendInvitationRequest } from '../staff/staff-accounts';
import { acceptInvitationRequest, invitationToken } from './staff-invitations.controller';
import { currentUserAnswer, savedAddressAnswer, phoneCodeSentAnswer, phoneProofAnswer, signedInAnswer, staffInvitationAnswer, staffListAnswer, staffMember, userChangedAnswer } from './answers';
import {
  accountPhoneCodeRequest,
  findAccountRequest,
  forgotPasswordRequest,
  loginRequest,
  phoneCodeCheckRequest,
  publicPhoneCodeRequest,
  registerRequest,
  resetTokenRequest,
  savedAddressRequest,
  sendVerifyMailRequest,
  updateProfileRequest,
  updateVerifyMailRequest,
} from './dto/account.requests';
import { newPasswordField } from './dto/fields';

const newPasswordBody = z.object({ password: newPasswordField, password_confirmation: z.string().describe('The same password again') });
const NEW_PASSWORD = 'padma-river-bridge-22';
const LINK_TOKEN = 'k3Jd9sQ0vX2mW8pL4rT6yU1zA5bC7eF9gH0iJ2kL4mN';
const PAGE_ORIGIN = 'http://localhost:5173';

/** Sign-in, recovery by mail and by phone code, the signed-in account, staff accounts (spec §7, ADR 022/023/026). */
export const ACCOUNTS_ROUTES: ApiRoute[] = [
  {
    method: 'post', path: '/api/auth/register', tag: 'Accounts', summary: 'Register a customer account; answers a bearer token', access: 'public', rateLimited: true, passwordHash: true, success: 201, body: registerRequest, answer: signedInAnswer,
    description: '422 by field. A phone given here is the account\'s, unverified.',
    example: (s) => ({ body: { name: 'Nusrat Jahan', email: s.email('nusrat'), password: 'shonar-bangla-1971', inviteCode: '' } }),
  },
  {
    method: 'post', path: '/api/auth/userLogin', tag: 'Accounts', summary: 'Log in; answers a bearer token', access: 'public', rateLimited: true, passwordHash: true, body: loginRequest, answer: signedInAnswer,
    description: 'A wrong pair is refused with `errors.account`; wrong guesses are limited without locking the owner out (ADR 024).',
    example: (s) => ({ body: { email: s.email('nusrat'), password: 'shonar-bangla-1971' } }),
  },
  {
    method: 'post', path: '/api/auth/updatePassword', tag: 'Accounts', summary: 'Change the signed-in account\'s password; answers a new token', access: 'customer', form: true, endsSession: true, passwordHash: true, body: newPasswordBody, answer: signedInAnswer,
    description: 'Every other session of the account ends.',
    example: () => ({ body: { password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD } }),
  },
  {
    method: 'post', path: '/api/auth/refresh', tag: 'Accounts', summary: 'A new tab signs in again with the session cookie alone; answers a bearer token', access: 'public', answer: signedInAnswer,
    description: 'Every sign-in also sets an httpOnly `tb_refresh` cookie (path /api/auth, SameSite=Lax, Secure in production) and a readable `tb_session=1` marker. This call rotates the cookie. 401 `session-ended` when the session was signed out, expired, its password changed or its staff member disabled (ADR 066).',
    example: () => ({}),
  },
  {
    method: 'post', path: '/api/auth/logout', tag: 'Accounts', summary: 'Sign out: the session ends, every tab\'s token with it', access: 'public', answer: messageAnswer,
    description: 'Ends the session of the cookie and of the bearer token, when one is sent; clears the cookies. Answers the same when there was no session.',
    example: () => ({}),
  },
  { method: 'get', path: '/api/user/checkCurrentUser', tag: 'Accounts', summary: 'The signed-in account', access: 'customer', answer: currentUserAnswer },
  {
    method: 'post', path: '/api/user/updateUserFrontend', tag: 'Accounts', summary: 'Change name and phone', access: 'customer', form: true, body: updateProfileRequest, answer: userChangedAnswer,
    description: 'Answers the message "Has been successfully update". A phone changed here is not verified.',
    example: (s) => ({ body: { name: 'Nusrat Jahan', phone_number: s.phone() } }),
  },
  {
    method: 'get', path: '/api/user/delivery-address', tag: 'Accounts', summary: 'The delivery address the signed-in customer saved', access: 'customer', answer: savedAddressAnswer,
    description: 'Issue 32: `address` is null until one is saved; the checkout offers it. The area comes with its names in English and Bengali.',
  },
  {
    method: 'post', path: '/api/user/delivery-address', tag: 'Accounts', summary: 'Save the signed-in customer\'s delivery address', access: 'customer', body: savedAddressRequest, answer: savedAddressAnswer,
    description: 'Issue 32 (ADR 065): `area_id` from `GET /api/public/areas` (422 `area-unknown` otherwise), `address` (house, road, area), optional `landmark`. Recorded as `DeliveryAddressSaved` on the account\'s stream; erased with the account.',
    example: () => ({ body: { area_id: 't-12', address: 'House 7, Road 11, Dhanmondi', landmark: 'Opposite the mosque' } }),
  },
  {
    method: 'post', path: '/api/public/find-account', tag: 'Accounts', summary: 'Whether an account uses a phone number', access: 'public', rateLimited: true, body: findAccountRequest, answer: messageAnswer,
    description: '404 when no account does.',
    example: (s) => ({ body: { phone: s.phone() } }),
  },
  {
    method: 'post', path: '/api/public/send-verifymail', tag: 'Accounts', summary: 'Mail a verification link to the address the account already has', access: 'public', rateLimited: true, body: sendVerifyMailRequest, answer: messageAnswer,
    description: '`host` is the page\'s origin; links use it only when it is on the allowed list.',
    example: (s) => ({ body: { email: s.email('nusrat'), phone: s.phone(), host: PAGE_ORIGIN } }),
  },
  {
    method: 'post', path: '/api/public/update-verifymail', tag: 'Accounts', summary: 'Open a verification link: confirm or replace the address', access: 'public', body: updateVerifyMailRequest, answer: messageAnswer,
    description: '400 for a used or expired link.',
    example: (s) => ({ body: { email: s.email('nusrat'), id: LINK_TOKEN } }),
  },
  {
    method: 'post', path: '/api/public/send-verifymail-forgetpassword', tag: 'Accounts', summary: 'Mail a password reset link', access: 'public', rateLimited: true, body: forgotPasswordRequest, answer: messageAnswer,
    description: 'The same answer whether or not an account uses the address.',
    example: (s) => ({ body: { email: s.email('nusrat'), host: PAGE_ORIGIN } }),
  },
  {
    method: 'post', path: '/api/public/restPassword', tag: 'Accounts', summary: 'Set a new password with a reset link\'s token', access: 'public', form: true, passwordHash: true, body: resetTokenRequest.extend(newPasswordBody.shape), answer: messageAnswer,
    description: 'Once per link: 400 for a used or expired link. Errors are under `new_password` and `new_password_confirmation`.',
    example: () => ({ body: { id: LINK_TOKEN, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD } }),
  },
  // Staff invitations (issue 31, ADR 066).
  {
    method: 'get', path: '/api/public/staff-invitations/:token', tag: 'Accounts', summary: 'Who an invitation link is for: name, e-mail, role and until when it works', access: 'public', answer: staffInvitationAnswer,
    params: { token: invitationToken },
    description: '400 `invitation-expired` for a used, withdrawn, replaced or expired link.',
    example: () => ({ params: { token: LINK_TOKEN } }),
  },
  {
    method: 'post', path: '/api/public/staff-invitations/accept', tag: 'Accounts', summary: 'An invited member sets a password with the link\'s token and is signed in', access: 'public', passwordHash: true, body: acceptInvitationRequest.extend(newPasswordBody.shape), answer: signedInAnswer,
    description: 'Once per link: 400 `invitation-expired` for a used, withdrawn, replaced or expired link. Sets the session cookie like a log-in.',
    example: () => ({ body: { token: LINK_TOKEN, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD } }),
  },
  // Phone codes by SMS (issue 17, ADR 026).
  {
    method: 'post', path: '/api/public/phone-codes', tag: 'Accounts', summary: 'Send a 6-digit code by SMS: to recover an account by phone, or to prove a checkout\'s phone', access: 'public', rateLimited: true, body: publicPhoneCodeRequest, answer: phoneCodeSentAnswer,
    description: 'A code lasts 5 minutes and 3 tries; for `recovery` it goes only when an account has the phone. The same answer either way.',
    example: (s) => ({ body: { phone: s.phone(), purpose: 'checkout', locale: 'bn' } }),
  },
  {
    method: 'post', path: '/api/public/phone-codes/verify', tag: 'Accounts', summary: 'A checkout code: answers the phone proof a checkout sends as phone_proof', access: 'public', rateLimited: true, body: phoneCodeCheckRequest, answer: phoneProofAnswer,
    description: 'The proof lasts 30 minutes. 422 `errors.code` for a wrong, used or expired code.',
    example: (s) => ({ body: { phone: s.phone(), code: '042917' } }),
  },
  {
    method: 'post', path: '/api/public/reset-password-by-phone', tag: 'Accounts', summary: 'Set a new password with the code sent to the account\'s phone', access: 'public', rateLimited: true, passwordHash: true, body: phoneCodeCheckRequest.extend(newPasswordBody.shape), answer: messageAnswer,
    description: 'Ends every session of the account. 422 `errors.code` for a wrong, used or expired code.',
    example: (s) => ({ body: { phone: s.phone(), code: '042917', password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD } }),
  },
  {
    method: 'post', path: '/api/user/phone-code', tag: 'Accounts', summary: 'Send a code by SMS to a phone for the signed-in account', access: 'customer', rateLimited: true, body: accountPhoneCodeRequest, answer: phoneCodeSentAnswer,
    description: '422 when another account has the phone.',
    example: (s) => ({ body: { phone: s.phone() } }),
  },
  {
    method: 'post', path: '/api/user/verify-phone', tag: 'Accounts', summary: 'Put the phone on the signed-in account, verified by its code', access: 'customer', rateLimited: true, body: phoneCodeCheckRequest, answer: userChangedAnswer,
    description: 'The account then has `phone_verified: true`.',
    example: (s) => ({ body: { phone: s.phone(), code: '042917' } }),
  },

  // Staff accounts in the console.
  { method: 'get', path: '/api/admin/staff', tag: 'Staff: products, categories, settings, pages, staff', summary: 'Staff accounts: active, invited or disabled', access: 'care', answer: staffListAnswer },
  {
    method: 'post', path: '/api/admin/staff', tag: 'Staff: products, categories, settings, pages, staff', summary: 'Invite a staff member: a mail "You\'re invited to run <store> as <role>" with a set-password link for a week', access: 'admin', success: 201, body: addStaffRequest, answer: staffMember,
    example: (s) => ({ body: { name: 'Nusrat Jahan', email: s.email('care'), role: 'care', locale: 'en' } }),
  },
  {
    method: 'post', path: '/api/admin/staff/:id/resend-invitation', tag: 'Staff: products, categories, settings, pages, staff', summary: 'Send an invited member a new link (a week again); the older links stop working', access: 'admin', body: resendInvitationRequest, answer: staffMember,
    params: { id: z.string().uuid().describe('The staff account id') },
    description: '422 `staff-not-invited` once the member has set a password.',
    example: () => ({ params: { id: '6f1c2b9e-1d2a-4c3b-8e4f-5a6b7c8d9e0f' }, body: { locale: 'bn' } }),
  },
  {
    method: 'post', path: '/api/admin/staff/:id/revoke-invitation', tag: 'Staff: products, categories, settings, pages, staff', summary: 'Withdraw an invitation: its links stop working and the invited account is removed', access: 'admin', answer: messageAnswer,
    params: { id: z.string().uuid().describe('The staff account id') },
    description: '422 `staff-not-invited` once the member has set a password (disable the member instead).',
    example: () => ({ params: { id: '6f1c2b9e-1d2a-4c3b-8e4f-5a6b7c8d9e0f' } }),
  },
  {
    method: 'post', path: '/api/admin/staff/:id/disable', tag: 'Staff: products, categories, settings, pages, staff', summary: 'Disable a staff account: its tokens and sessions stop working at once', access: 'admin', answer: staffMember,
    params: { id: z.string().uuid().describe('The staff account id') },
    example: () => ({ params: { id: '6f1c2b9e-1d2a-4c3b-8e4f-5a6b7c8d9e0f' } }),
  },
];
