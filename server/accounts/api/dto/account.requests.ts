import { z } from 'zod';
import { FieldErrors, ValidationFailedError } from '../../../common/errors/domain-error';
import { parseOrThrow } from '../../../common/validation/zod-validation.pipe';
import { LOCALES } from '../../../../contracts/locale';
import { asciiDigits } from '../../../../contracts/phone';
import { PASSWORD_MESSAGES } from '../../passwords/password-policy';
import { PHONE_CODE_MESSAGES } from '../../phone-codes/phone-code-messages';
import { currentPasswordField, emailField, hostField, nameField, newPasswordField, phoneField } from './fields';

export const registerRequest = z.object({
  name: nameField,
  email: emailField,
  password: newPasswordField,
  inviteCode: z.string().trim().max(40).optional(),
  /** Optional; kept unverified until a code proves it (POST /api/user/phone-code). */
  phone_number: z.preprocess((value) => (value === '' || value === null ? undefined : value), phoneField.optional()),
});

export const loginRequest = z.object({ email: emailField, password: currentPasswordField });

/** Multipart text fields arrive as strings; an empty phone keeps the current one. */
export const updateProfileRequest = z.object({
  name: nameField,
  phone_number: z.preprocess((value) => (value === '' || value === null ? undefined : value), phoneField.optional()),
});

export const findAccountRequest = z.object({ phone: phoneField });

const localeField = z.preprocess((value) => (value === null || value === '' ? undefined : value), z.enum(LOCALES, { error: 'Language must be en or bn.' }).optional().default('en'));
const codeField = z.preprocess(
  (value) => (typeof value === 'string' ? asciiDigits(value).replace(/\s/g, '') : typeof value === 'number' ? String(value).padStart(6, '0') : value),
  z.string({ error: PHONE_CODE_MESSAGES.required }).regex(/^\d{6}$/, PHONE_CODE_MESSAGES.required),
);

/** A visitor asks for a code: to recover an account by phone, or to prove a checkout's phone. */
export const publicPhoneCodeRequest = z.object({
  phone: phoneField,
  purpose: z.enum(['recovery', 'checkout'], { error: 'Purpose must be recovery or checkout.' }),
  locale: localeField,
});

/** The signed-in customer asks for a code to put a phone on the account. */
export const accountPhoneCodeRequest = z.object({ phone: phoneField, locale: localeField });

export const phoneCodeCheckRequest = z.object({ phone: phoneField, code: codeField });

export const sendVerifyMailRequest = z.object({ email: emailField, phone: phoneField, host: hostField });

export const updateVerifyMailRequest = z.object({
  email: emailField,
  id: z.string({ error: 'The verification link is invalid or expired.' }).trim().min(1, 'The verification link is invalid or expired.'),
});

export const forgotPasswordRequest = z.object({ email: emailField, host: hostField });

/**
 * A new password and its confirmation. The storefront shows a change-password failure under `password`
 * and a reset failure under `new_password` / `new_password_confirmation`, hence the field names parameter.
 */
export function parseNewPassword(
  body: unknown,
  fields: { password: string; confirmation: string },
): string {
  const raw = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const errors: FieldErrors = {};
  const parsed = newPasswordField.safeParse(raw.password);
  if (!parsed.success) errors[fields.password] = parsed.error.issues.map((issue) => issue.message);
  const confirmation = raw.password_confirmation;
  if (typeof confirmation !== 'string' || confirmation === '') {
    errors[fields.confirmation] = [PASSWORD_MESSAGES.confirmationRequired];
  } else if (confirmation !== raw.password) {
    errors[fields.confirmation] = [PASSWORD_MESSAGES.confirmation];
  }
  if (Object.keys(errors).length > 0) throw new ValidationFailedError(errors);
  return raw.password as string;
}

export const resetTokenRequest = z.object({
  id: z.string({ error: 'The reset link is invalid or expired.' }).trim().min(1, 'The reset link is invalid or expired.'),
});

export { parseOrThrow };
