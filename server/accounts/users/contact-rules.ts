/** Input rules shared by the account calls: e-mail and Bangladeshi mobile numbers. */
import { isMobilePhone, normalizePhone as normalizeMobile } from '../../../contracts/phone';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

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
