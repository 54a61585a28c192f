/**
 * Bangladeshi mobile numbers, one rule for the browser and the server (issue 16). Shoppers type, paste and
 * autofill numbers as `01712345678`, `8801712345678`, `+880 1712-345678`, `+88 017…` or in Bengali digits
 * (`০১৭১২৩৪৫৬৭৮`); all of them are the same number, stored and compared in its 11-digit national form.
 * Pure and dependency-free: it is imported by both tsconfigs.
 */

/** The national form: 01, an operator digit 3-9, eight more digits. */
export const BD_MOBILE_PATTERN = /^01[3-9]\d{8}$/;

export const PHONE_LENGTH = 11;

const BENGALI_ZERO = 0x09e6;

/** Bengali (০-৯) digits as ASCII digits; everything else unchanged. */
export function asciiDigits(value: string): string {
  return value.replace(/[\u09E6-\u09EF]/g, (digit) => String(digit.charCodeAt(0) - BENGALI_ZERO));
}

/**
 * The 11-digit `01…` form of a typed number, or its bare digits when it is not a Bangladeshi mobile number
 * (so a validator can still say what is wrong). Country code 880 (with `+` or `00` before it, or not) is
 * dropped; spaces, dashes, dots and brackets are ignored. Anything else (a letter, another sign) is not read
 * as a separator: the text comes back without its separators and is no valid number. Non-strings read as empty.
 */
export function normalizePhone(value: unknown): string {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value : '';
  const compact = asciiDigits(text).replace(/[\s\-.()[\]]/g, '');
  // Only a leading + may stand before the digits; a letter or any other sign makes it no phone number at all
  // (`017O2345678` is a typo, not 0172345678), so it is handed back as it is, for the validator to refuse.
  if (!/^\+?\d*$/.test(compact)) return compact;
  let digits = compact.replace(/^\+/, '');
  if (digits.startsWith('00880')) digits = digits.slice(2);
  // 880 1712345678 and 88 01712345678 are the same 13 digits.
  if (digits.length === 13 && digits.startsWith('8801')) return `0${digits.slice(3)}`;
  if (digits.length === 10 && digits.startsWith('1')) return `0${digits}`;
  return digits;
}

export function isMobilePhone(value: string): boolean {
  return BD_MOBILE_PATTERN.test(value);
}

/** The normalised number when it is a valid mobile number, else null. */
export function mobilePhoneOf(value: unknown): string | null {
  const phone = normalizePhone(value);
  return isMobilePhone(phone) ? phone : null;
}
