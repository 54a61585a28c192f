/**
 * A random key such as an Idempotency-Key. `crypto.randomUUID` exists only in secure contexts (a shop
 * opened over plain http on a LAN address is not one); `getRandomValues` exists everywhere.
 */
export function randomKey(prefix = 'ck'): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return `${prefix}-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}
