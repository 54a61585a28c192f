import { randomFillSync } from 'node:crypto';

/** Drawn from the system's generator this many at a time; larger asks are drawn on their own. */
const POOL_BYTES = 4096;

let pool = Buffer.alloc(0);
let used = 0;

/**
 * Cryptographically random bytes, each handed out once, drawn from the operating system's generator 4 KB at a
 * time. `crypto.randomBytes` costs a native job per call, about 5 µs here whatever the size: every sealed event
 * wants a 12-byte IV and every new person a 32-byte key, and at hundreds of orders a second those calls were
 * a fifth of the sealing's CPU (ADR 053). Node pools its own UUIDs the same way.
 */
export function randomBytesPooled(size: number): Buffer {
  if (size > POOL_BYTES) return randomFillSync(Buffer.allocUnsafe(size));
  if (used + size > pool.length) {
    pool = randomFillSync(Buffer.allocUnsafe(POOL_BYTES));
    used = 0;
  }
  // A copy: a key kept for hours must not hold the whole pool in memory.
  const bytes = Buffer.from(pool.subarray(used, used + size));
  used += size;
  return bytes;
}
