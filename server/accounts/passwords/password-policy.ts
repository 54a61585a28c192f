import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { issue, type FieldIssue } from '../../common/errors/domain-error';
import { PROJECT_ROOT } from '../../config/app-config';

/**
 * NIST SP 800-63B style: at least 8 characters, no composition rules, and not one of the passwords every
 * guessing list starts with. Read from the source tree so the built server (dist/) finds the same list.
 */
export const MIN_PASSWORD_LENGTH = 8;
/** Long enough for any passphrase; bounds the work one request can ask of scrypt. */
export const MAX_PASSWORD_LENGTH = 128;

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

/** The problems a new password has; empty when it is acceptable. */
export function passwordProblems(password: string): FieldIssue[] {
  const length = [...password].length;
  if (length === 0) return [issue('password-required')];
  if (length < MIN_PASSWORD_LENGTH) return [issue('password-too-short', { min: MIN_PASSWORD_LENGTH })];
  if (length > MAX_PASSWORD_LENGTH) return [issue('password-too-long', { max: MAX_PASSWORD_LENGTH })];
  if (isCommonPassword(password)) return [issue('password-common')];
  return [];
}
