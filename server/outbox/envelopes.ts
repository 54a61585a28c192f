import { Inject, Injectable } from '@nestjs/common';
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../config/app-config';

/** What a message needs and nothing else may hold: the raw one-time token of a link, or a phone code. */
export interface EnvelopeContents {
  token: string;
}

const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Carries a raw token from the request that issued it to the mail that delivers it without writing it
 * anywhere readable: AES-256-GCM under a key derived from the server secret, bound to the event id (as
 * associated data, so an envelope cannot be replayed for another event), deleted once the mail is sent or
 * the token expires. See docs/decisions/021-mail-token-envelopes.md.
 */
@Injectable()
export class OutboxEnvelopes {
  private readonly key: Buffer;

  constructor(@Inject(APP_CONFIG) config: Pick<AppConfig, 'jwtSecret'>) {
    this.key = Buffer.from(hkdfSync('sha256', config.jwtSecret, 'store/mail-envelopes', 'aes-256-gcm v1', 32));
  }

  /** Written in the transaction that appends the event, so the event never exists without its envelope. */
  async store(manager: EntityManager, eventId: string, contents: EnvelopeContents, expiresAt: Date): Promise<void> {
    await manager.query('INSERT INTO mail_envelopes (event_id, ciphertext, expires_at) VALUES ($1, $2, $3)', [
      eventId,
      this.seal(eventId, contents),
      expiresAt,
    ]);
  }

  /**
   * The contents, or null when the envelope is gone (sent already, or expired). Throws when it cannot be
   * opened: another key (JWT_SECRET differs between processes) or tampering; the delivery then retries.
   */
  async open(manager: EntityManager, eventId: string): Promise<EnvelopeContents | null> {
    const rows: Array<{ ciphertext: Buffer }> = await manager.query(
      'SELECT ciphertext FROM mail_envelopes WHERE event_id = $1 AND expires_at > now()',
      [eventId],
    );
    if (rows.length === 0) return null;
    try {
      return this.unseal(eventId, rows[0].ciphertext);
    } catch {
      throw new Error(`the token envelope of event ${eventId} cannot be opened: is JWT_SECRET the same in every process?`);
    }
  }

  async discard(manager: EntityManager, eventId: string): Promise<void> {
    await manager.query('DELETE FROM mail_envelopes WHERE event_id = $1', [eventId]);
  }

  async discardExpired(manager: EntityManager): Promise<number> {
    const [, count]: [unknown, number] = await manager.query('DELETE FROM mail_envelopes WHERE expires_at <= now()');
    return count;
  }

  seal(eventId: string, contents: EnvelopeContents): Buffer {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(eventId));
    const body = Buffer.concat([cipher.update(JSON.stringify(contents), 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), body]);
  }

  unseal(eventId: string, sealed: Buffer): EnvelopeContents {
    const decipher = createDecipheriv('aes-256-gcm', this.key, sealed.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(eventId));
    decipher.setAuthTag(sealed.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    const plain = Buffer.concat([decipher.update(sealed.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
    return JSON.parse(plain.toString('utf8')) as EnvelopeContents;
  }
}
