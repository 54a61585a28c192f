import { z } from 'zod';
import { issue, ValidationFailedError, type FieldIssues } from '../../../common/errors/domain-error';
import { issueOfRuleMessage, says } from '../../../common/validation/rule-message';
import { parseOrThrow } from '../../../common/validation/zod-validation.pipe';
import { LOCALES } from '../../../../contracts/locale';
import { asciiDigits } from '../../../../contracts/phone';
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

const localeField = z.preprocess((value) => (value === null || value === '' ? undefined : value), z.enum(LOCALES, { error: says('language-invalid') }).optional().default('en'));
const codeField = z.preprocess(
  (value) => (typeof value === 'string' ? asciiDigits(value).replace(/\s/g, '') : typeof value === 'number' ? String(value).padStart(6, '0') : value),
  z.string({ error: says('phone-code-required') }).regex(/^\d{6}$/, says('phone-code-required')),
);

/** A visitor asks for a code: to recover an account by phone, or to prove a checkout's phone. */
export const publicPhoneCodeRequest = z.object({
  phone: phoneField,
  purpose: z.enum(['recovery', 'checkout'], { error: says('phone-code-purpose-invalid') }),
  locale: localeField,
});

/** The signed-in customer asks for a code to put a phone on the account. */
export const accountPhoneCodeRequest = z.object({ phone: phoneField, locale: localeField });

export const phoneCodeCheckRequest = z.object({ phone: phoneField, code: codeField });

export const sendVerifyMailRequest = z.object({ email: emailField, phone: phoneField, host: hostField });

export const updateVerifyMailRequest = z.object({
  email: emailField,
  id: z.string({ error: says('verification-link-expired') }).trim().min(1, says('verification-link-expired')),
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
  const errors: FieldIssues = {};
  const parsed = newPasswordField.safeParse(raw.password);
  if (!parsed.success) errors[fields.password] = parsed.error.issues.map((zodIssue) => issueOfRuleMessage(zodIssue.message));
  const confirmation = raw.password_confirmation;
  if (typeof confirmation !== 'string' || confirmation === '') {
    errors[fields.confirmation] = [issue('password-confirmation-required')];
  } else if (confirmation !== raw.password) {
    errors[fields.confirmation] = [issue('password-mismatch')];
  }
  if (Object.keys(errors).length > 0) throw new ValidationFailedError(errors);
  return raw.password as string;
}

export const resetTokenRequest = z.object({
  id: z.string({ error: says('link-expired') }).trim().min(1, says('link-expired')),
});

export { parseOrThrow };

/** Issue 32: the delivery address a customer saves (an area of the address picker, house and road, landmark). */
export const savedAddressRequest = z.object({
  area_id: z.string({ error: says('area-unknown') }).trim().regex(/^[dut]-\d{1,5}$/, says('area-unknown')),
  address: z.string({ error: says('field-required', { field: 'address' }) }).trim().min(1, says('field-required', { field: 'address' })).max(500, says('field-too-long', { field: 'address', max: 500 })),
  landmark: z.preprocess((value) => value ?? '', z.string({ error: says('field-not-text', { field: 'landmark' }) }).trim().max(200, says('field-too-long', { field: 'landmark', max: 200 }))),
});
