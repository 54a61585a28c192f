import { z } from 'zod';
import { PASSWORD_MESSAGES, passwordProblems } from '../../passwords/password-policy';
import { CONTACT_MESSAGES, isValidEmail, isValidPhone, normalizeEmail, normalizePhone } from '../../users/contact-rules';

/** Field schemas shared by the account requests, with the messages the storefront shows (`errors.field[0]`). */
export const nameField = z
  .string({ error: 'The name field is required.' })
  .trim()
  .min(1, 'The name field is required.')
  .max(100, 'The name may not be greater than 100 characters.');

export const emailField = z
  .string({ error: CONTACT_MESSAGES.emailRequired })
  .transform(normalizeEmail)
  .pipe(
    z
      .string()
      .min(1, CONTACT_MESSAGES.emailRequired)
      .refine(isValidEmail, CONTACT_MESSAGES.emailInvalid),
  );

export const phoneField = z
  .string({ error: CONTACT_MESSAGES.phoneRequired })
  .transform(normalizePhone)
  .pipe(z.string().min(1, CONTACT_MESSAGES.phoneRequired).refine(isValidPhone, CONTACT_MESSAGES.phoneInvalid));

/** A new password: length and the common-password list (see password-policy.ts). */
export const newPasswordField = z.string({ error: PASSWORD_MESSAGES.required }).superRefine((value, context) => {
  for (const message of passwordProblems(value)) context.addIssue({ code: 'custom', message });
});

/** Only present and bounded: a login checks the password against the hash, never against the policy. */
export const currentPasswordField = z
  .string({ error: PASSWORD_MESSAGES.required })
  .min(1, PASSWORD_MESSAGES.required)
  .max(1024, PASSWORD_MESSAGES.tooLong);

export const hostField = z.string().max(300).optional();
