import { BN_ERROR_MESSAGES } from './error-messages.bn';
import { englishMessage, ERROR_MESSAGES } from './error-messages';
import { DEFAULT_ERROR_CODES, fillPlaceholders, placeholdersOf, type ErrorCode } from './errors';

const codes = Object.keys(ERROR_MESSAGES) as ErrorCode[];

describe('the error catalogue (issue 26)', () => {
  // tsc makes both catalogues cover every code (`Record<ErrorCode, string>`); this holds it for what tsc cannot see.
  it('words every code in English and in Bengali, and no code in one language only', () => {
    expect(Object.keys(BN_ERROR_MESSAGES).sort()).toEqual([...codes].sort());
    for (const code of codes) {
      expect([code, ERROR_MESSAGES[code].trim()]).not.toEqual([code, '']);
      expect([code, BN_ERROR_MESSAGES[code].trim()]).not.toEqual([code, '']);
    }
  });

  it('writes the Bengali wordings in Bengali, naming only values the English message names', () => {
    for (const code of codes) {
      const english = new Set(placeholdersOf(ERROR_MESSAGES[code]));
      const unknown = placeholdersOf(BN_ERROR_MESSAGES[code]).filter((name) => !english.has(name));
      expect([code, unknown]).toEqual([code, []]);
      // `invalid-input` is the validator's own English words; every other code has its Bengali.
      if (code !== 'invalid-input') expect([code, /[\u0980-\u09FF]/.test(BN_ERROR_MESSAGES[code])]).toEqual([code, true]);
    }
  });

  it('names codes in kebab-case, and has a code with a message for each status answered without one', () => {
    for (const code of codes) expect(code).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    for (const code of Object.values(DEFAULT_ERROR_CODES)) expect(codes).toContain(code);
  });

  it('fills values, and words a count with its singular or plural', () => {
    expect(englishMessage('out-of-stock-left', { product: 'Classic Polo', size: 'M', available: 1 })).toBe('Out of Stock: Classic Polo (Size: M) has only 1 left.');
    expect(englishMessage('too-many-open-orders', { open: 1 })).toMatch(/^This phone number already has 1 cash on delivery order waiting for delivery\./);
    expect(englishMessage('too-many-open-orders', { open: 3 })).toMatch(/^This phone number already has 3 cash on delivery orders waiting for delivery\./);
    expect(englishMessage('too-many-attempts-minutes', { minutes: 1 })).toBe('Too many attempts. Please wait 1 minute and try again.');
    expect(placeholdersOf(ERROR_MESSAGES['too-many-attempts-minutes'])).toEqual(['minutes', 'minutes']);
    // A value that is not given stays a visible placeholder rather than vanishing.
    expect(fillPlaceholders('Only {available} left of {product}.', { available: 2 })).toBe('Only 2 left of {product}.');
  });
});
