import { z } from 'zod';
import { says, saysIssue } from '../../../common/validation/rule-message';
import { MAX_PASSWORD_LENGTH, passwordProblems } from '../../passwords/password-policy';
import { isValidEmail, isValidPhone, normalizeEmail, normalizePhone } from '../../users/contact-rules';

/** Field schemas shared by the account requests, with the messages the storefront shows (`errors.field[0]`). */
export const nameField = z
  .string({ error: says('name-required') })
  .trim()
  .min(1, says('name-required'))
  .max(100, says('account-name-too-long'));

export const emailField = z
  .string({ error: says('email-required') })
  .transform(normalizeEmail)
  .pipe(
    z
      .string()
      .min(1, says('email-required'))
      .refine(isValidEmail, says('email-format')),
  );

export const phoneField = z
  .string({ error: says('phone-required') })
  .transform(normalizePhone)
  .pipe(z.string().min(1, says('phone-required')).refine(isValidPhone, says('phone-invalid')));

/** A new password: length and the common-password list (see password-policy.ts). */
export const newPasswordField = z.string({ error: says('password-required') }).superRefine((value, context) => {
  for (const problem of passwordProblems(value)) context.addIssue({ code: 'custom', message: saysIssue(problem) });
});

/** Only present and bounded: a login checks the password against the hash, never against the policy. */
export const currentPasswordField = z
  .string({ error: says('password-required') })
  .min(1, says('password-required'))
  .max(1024, says('password-too-long', { max: MAX_PASSWORD_LENGTH }));

export const hostField = z.string().max(300).optional();
