/** Input rules shared by the account calls: e-mail and Bangladeshi mobile numbers. */
import { isMobilePhone, normalizePhone as normalizeMobile } from '../../../contracts/phone';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const CONTACT_MESSAGES = {
  emailRequired: 'The email field is required.',
  emailInvalid: 'Invalid email format',
  emailTaken: 'The email has already been taken.',
  phoneRequired: 'The phone number field is required.',
  phoneInvalid: 'The phone number must be an 11-digit mobile number starting with 01.',
  phoneTaken: 'The phone number has already been taken.',
} as const;

export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}

export function isValidEmail(value: string): boolean {
  return value.length <= 254 && EMAIL.test(value);
}

/** The browser's rule (contracts/phone.ts): +880 / 880, spaces, dashes and Bengali digits read as `01…`. */
export function normalizePhone(value: string): string {
  return normalizeMobile(value);
}

export function isValidPhone(value: string): boolean {
  return isMobilePhone(value);
}
