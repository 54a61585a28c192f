import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../../config/app-config';

/**
 * NIST SP 800-63B style: at least 8 characters, no composition rules, and not one of the passwords every
 * guessing list starts with. Read from the source tree so the built server (dist/) finds the same list.
 */
export const MIN_PASSWORD_LENGTH = 8;
/** Long enough for any passphrase; bounds the work one request can ask of scrypt. */
export const MAX_PASSWORD_LENGTH = 128;

export const PASSWORD_MESSAGES = {
  required: 'The password field is required.',
  tooShort: `The password must be at least ${MIN_PASSWORD_LENGTH} characters.`,
  tooLong: `The password may not be greater than ${MAX_PASSWORD_LENGTH} characters.`,
  common: 'This password is too common. Please choose a less predictable one.',
  confirmation: 'The password confirmation does not match.',
  confirmationRequired: 'The password confirmation field is required.',
} as const;

let commonPasswords: Set<string> | undefined;

function loadCommonPasswords(): Set<string> {
  commonPasswords ??= new Set(
    readFileSync(join(PROJECT_ROOT, 'server/accounts/passwords/common-passwords.txt'), 'utf8')
      .split('\n')
      .map((line) => line.trim().toLowerCase())
      .filter((line) => line.length > 0 && !line.startsWith('#')),
  );
  return commonPasswords;
}

export function isCommonPassword(password: string): boolean {
  return loadCommonPasswords().has(password.normalize('NFKC').trim().toLowerCase());
}

/** The messages a new password earns; empty when it is acceptable. */
export function passwordProblems(password: string): string[] {
  const length = [...password].length;
  if (length === 0) return [PASSWORD_MESSAGES.required];
  if (length < MIN_PASSWORD_LENGTH) return [PASSWORD_MESSAGES.tooShort];
  if (length > MAX_PASSWORD_LENGTH) return [PASSWORD_MESSAGES.tooLong];
  if (isCommonPassword(password)) return [PASSWORD_MESSAGES.common];
  return [];
}
