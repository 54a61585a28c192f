/** Input rules shared by the account calls: e-mail and Bangladeshi mobile numbers. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const BD_MOBILE = /^01[3-9]\d{8}$/;

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

/** Digits only, as the recovery form strips them; +880 / 880 becomes the national leading 0. */
export function normalizePhone(value: string): string {
  const digits = value.replace(/\D/g, '');
  return digits.length === 13 && digits.startsWith('880') ? `0${digits.slice(3)}` : digits;
}

export function isValidPhone(value: string): boolean {
  return BD_MOBILE.test(value);
}
