import { randomBytes } from 'node:crypto';
import type { PasswordHasher } from '../password-hasher';

/**
 * A hash of nothing anyone knows, made at start: a login for an unknown e-mail verifies against it, so it
 * takes as long as a wrong password and the answer time does not tell which e-mails have accounts.
 */
export const DUMMY_PASSWORD_HASH = Symbol('DUMMY_PASSWORD_HASH');

export function makeDummyPasswordHash(hasher: PasswordHasher): Promise<string> {
  return hasher.hash(randomBytes(24).toString('base64url'));
}
