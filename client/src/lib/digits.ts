import { asciiDigits } from '../../../contracts/phone';

/** Quantity boxes: a typed non-number, zero or negative becomes 1 (spec §4); Bengali digits count (issue 18). */
export function toQuantity(value: unknown): number {
  const n = typeof value === 'number' ? value : Number.parseInt(asciiDigits(String(value ?? '')).trim(), 10);
  return Number.isFinite(n) && n >= 1 ? Math.floor(n) : 1;
}

/** Digits typed in either script, as ASCII: order ids, OTP codes, any number box (issue 18). */
export function toAsciiDigits(value: string): string {
  return asciiDigits(value);
}


/** "Invalid email format" check of spec §5: something@something.tld. */
export function isEmail(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());
}
