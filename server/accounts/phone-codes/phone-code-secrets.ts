import { Inject, Injectable } from '@nestjs/common';
import { createHmac, hkdfSync, randomInt, timingSafeEqual } from 'node:crypto';
import { APP_CONFIG, AppConfig } from '../../config/app-config';

/** How long a phone code works, how many wrong tries it takes, how long a checkout's phone proof lasts. */
export { PHONE_CODE_MINUTES } from './phone-code-messages';
export const PHONE_CODE_MAX_ATTEMPTS = 3;
export const PHONE_PROOF_MINUTES = 30;

/**
 * The secrets of phone verification (issue 17), both keyed by the server secret through HKDF:
 * - a code's hash, HMAC-SHA256 over the code row's id and the code (six digits are a million guesses: a plain
 *   hash would be reversed in a second, a keyed one needs the key, which is not in the database);
 * - a checkout's phone proof, `<phone>.<expires ms>.<mac>`, which the checkout checks without a query.
 */
@Injectable()
export class PhoneCodeSecrets {
  private readonly codeKey: Buffer;
  private readonly proofKey: Buffer;

  constructor(@Inject(APP_CONFIG) config: Pick<AppConfig, 'jwtSecret'>) {
    this.codeKey = Buffer.from(hkdfSync('sha256', config.jwtSecret, 'store/phone-codes', 'hmac-sha256 v1', 32));
    this.proofKey = Buffer.from(hkdfSync('sha256', config.jwtSecret, 'store/phone-proofs', 'hmac-sha256 v1', 32));
  }

  /** Six random digits, leading zeros kept. */
  newCode(): string {
    return String(randomInt(0, 1_000_000)).padStart(6, '0');
  }

  hashCode(codeId: string, code: string): Buffer {
    return createHmac('sha256', this.codeKey).update(`${codeId}:${code}`).digest();
  }

  codeMatches(codeId: string, code: string, hash: Buffer): boolean {
    const candidate = this.hashCode(codeId, code);
    return candidate.length === hash.length && timingSafeEqual(candidate, hash);
  }

  proofFor(phone: string, expiresAt: Date): string {
    const body = `${phone}.${expiresAt.getTime()}`;
    return `${body}.${createHmac('sha256', this.proofKey).update(body).digest('base64url')}`;
  }

  /** Whether `proof` proves `phone` now: issued by this store (any process with the same secret), not expired. */
  proves(proof: string | undefined, phone: string, now: Date): boolean {
    if (!proof) return false;
    const [provenPhone, expires, mac, extra] = proof.split('.');
    if (extra !== undefined || provenPhone !== phone || !/^\d{1,15}$/.test(expires ?? '') || Number(expires) <= now.getTime()) return false;
    const expected = createHmac('sha256', this.proofKey).update(`${provenPhone}.${expires}`).digest();
    const given = Buffer.from(mac ?? '', 'base64url');
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}
