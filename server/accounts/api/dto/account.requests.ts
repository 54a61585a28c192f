import { z } from 'zod';
import { FieldErrors, ValidationFailedError } from '../../../common/errors/domain-error';
import { parseOrThrow } from '../../../common/validation/zod-validation.pipe';
import { PASSWORD_MESSAGES } from '../../passwords/password-policy';
import { currentPasswordField, emailField, hostField, nameField, newPasswordField, phoneField } from './fields';

export const registerRequest = z.object({
  name: nameField,
  email: emailField,
  password: newPasswordField,
  inviteCode: z.string().trim().max(40).optional(),
});

export const loginRequest = z.object({ email: emailField, password: currentPasswordField });

/** Multipart text fields arrive as strings; an empty phone keeps the current one. */
export const updateProfileRequest = z.object({
  name: nameField,
  phone_number: z.preprocess((value) => (value === '' || value === null ? undefined : value), phoneField.optional()),
});

export const findAccountRequest = z.object({ phone: phoneField });

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
