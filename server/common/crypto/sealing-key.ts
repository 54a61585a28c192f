import { createCipheriv, createDecipheriv, hkdfSync } from 'node:crypto';
import { randomBytesPooled } from './random-pool';

const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * One AES-256-GCM key for one purpose. `seal` writes iv (12 bytes) ‖ tag (16) ‖ ciphertext and binds the box to
 * `context` (associated data: the event id, the offer id…), so a box cannot be moved to another record; `open`
 * throws on another key, another context or a changed byte. Keys for different purposes are derived from one
 * secret with HKDF and a purpose label, so one leaked box never helps with another kind.
 */
export class SealingKey {
  private constructor(private readonly key: Buffer) {}

  static derive(secret: string | Buffer, purpose: string): SealingKey {
    return new SealingKey(Buffer.from(hkdfSync('sha256', secret, purpose, 'aes-256-gcm v1', 32)));
  }

  /** A key held as 32 raw bytes (for example one unwrapped from a key table). */
  static fromBytes(key: Buffer): SealingKey {
    if (key.length !== 32) throw new Error('an AES-256 key is 32 bytes');
    return new SealingKey(key);
  }

  seal(plaintext: string | Buffer, context: string): Buffer {
    const iv = randomBytesPooled(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const body = Buffer.concat([cipher.update(typeof plaintext === 'string' ? Buffer.from(plaintext, 'utf8') : plaintext), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), body]);
  }

  open(sealed: Buffer, context: string): Buffer {
    const decipher = createDecipheriv('aes-256-gcm', this.key, sealed.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(sealed.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(sealed.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
  }
}
