import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import type { AppConfig } from '../config/app-config';

/** scrypt cost parameters. Stored inside every hash, so raising them later still verifies old hashes. */
export interface ScryptParameters {
  /** CPU/memory cost, a power of two. */
  N: number;
  r: number;
  p: number;
}

/** OWASP Password Storage Cheat Sheet minimum for scrypt: N=2^17, r=8, p=1 (about 128 MiB per hash). */
export const OWASP_SCRYPT: ScryptParameters = { N: 2 ** 17, r: 8, p: 1 };

/**
 * A cost for test servers only (PASSWORD_HASH_COST=test, which the environment refuses outside NODE_ENV=test):
 * about 1 MiB and a millisecond a hash instead of 128 MiB and a second or more on a busy 2-core machine.
 */
export const TEST_ONLY_SCRYPT: ScryptParameters = { N: 2 ** 10, r: 8, p: 1 };

/** The parameters a process hashes new passwords with, from its PASSWORD_HASH_COST. */
export function scryptParametersFor(cost: 'owasp' | 'test'): ScryptParameters {
  return cost === 'test' ? TEST_ONLY_SCRYPT : OWASP_SCRYPT;
}

/** The process's hasher, at the cost its configuration names (a Nest provider factory: inject APP_CONFIG). */
export function passwordHasherFor(config: Pick<AppConfig, 'passwordHashCost'>): PasswordHasher {
  return new PasswordHasher(scryptParametersFor(config.passwordHashCost));
}

const SALT_BYTES = 16;
const KEY_BYTES = 32;
const PREFIX = 'scrypt';
/** Guards verify() against a corrupted or hostile stored string asking for absurd work. */
const MAX_N = 2 ** 20;

/**
 * Hashes and verifies passwords as `scrypt$N$r$p$<salt base64>$<hash base64>`. Uses the callback form of
 * scrypt so the work runs on libuv's thread pool instead of blocking the event loop for ~200 ms per login.
 */
export class PasswordHasher {
  constructor(private readonly parameters: ScryptParameters = OWASP_SCRYPT) {}

  async hash(password: string): Promise<string> {
    const { N, r, p } = this.parameters;
    const salt = randomBytes(SALT_BYTES);
    const key = await derive(password, salt, KEY_BYTES, this.parameters);
    return [PREFIX, N, r, p, salt.toString('base64'), key.toString('base64')].join('$');
  }

  /** False for a wrong password and for a string this hasher cannot read; never throws on bad input. */
  async verify(password: string, encoded: string): Promise<boolean> {
    const parsed = parse(encoded);
    if (!parsed) return false;
    const actual = await derive(password, parsed.salt, parsed.hash.length, parsed.parameters);
    return actual.length === parsed.hash.length && timingSafeEqual(actual, parsed.hash);
  }

  /** True when the stored hash used weaker parameters than the current ones: rehash after a good login. */
  needsRehash(encoded: string): boolean {
    const parsed = parse(encoded);
    if (!parsed) return true;
    const { N, r, p } = parsed.parameters;
    return N < this.parameters.N || r < this.parameters.r || p < this.parameters.p;
  }
}

function derive(password: string, salt: Buffer, keyLength: number, { N, r, p }: ScryptParameters): Promise<Buffer> {
  // Node refuses by default above 32 MiB; scrypt needs 128 * N * r * p bytes, so allow that plus headroom.
  const options: ScryptOptions = { N, r, p, maxmem: 128 * N * r * p + 32 * 1024 * 1024 };
  return new Promise((resolve, reject) => {
    // NFKC: the same password typed on a phone keyboard and a desktop one can differ in Unicode form.
    scrypt(password.normalize('NFKC'), salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

function parse(encoded: string): { parameters: ScryptParameters; salt: Buffer; hash: Buffer } | null {
  const parts = encoded.split('$');
  if (parts.length !== 6 || parts[0] !== PREFIX) return null;
  const [N, r, p] = parts.slice(1, 4).map((part) => (/^\d+$/.test(part) ? Number(part) : NaN));
  if (!isPowerOfTwo(N) || N > MAX_N || !(r >= 1 && r <= 32) || !(p >= 1 && p <= 16)) return null;
  const salt = Buffer.from(parts[4], 'base64');
  const hash = Buffer.from(parts[5], 'base64');
  if (salt.length < 8 || hash.length < 16) return null;
  return { parameters: { N, r, p }, salt, hash };
}

function isPowerOfTwo(value: number): boolean {
  return Number.isInteger(value) && value > 1 && (value & (value - 1)) === 0;
}
