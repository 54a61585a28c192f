import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { SealingKey } from '../common/crypto/sealing-key';

/** What a message needs and nothing else may hold: the raw one-time token of a link, or a phone code. */
export interface EnvelopeContents {
  token: string;
}

/** The events that carry a one-time token, and so the only ones with an envelope to discard once sent. */
export const ENVELOPE_EVENT_TYPES: ReadonlySet<string> = new Set(['PasswordResetRequested', 'EmailVerificationRequested', 'PhoneCodeRequested', 'StaffInvitationSent', 'StaffInvitationResent']);

/**
 * Carries a raw token from the request that issued it to the mail that delivers it without writing it
 * anywhere readable: AES-256-GCM under a key derived from the server secret, bound to the event id (as
 * associated data, so an envelope cannot be replayed for another event), deleted once the mail is sent or
 * the token expires. Mail links and SMS phone codes travel alike. See docs/decisions/021-mail-token-envelopes.md.
 */
@Injectable()
export class OutboxEnvelopes {
  private readonly key: SealingKey;

  constructor(@Inject(APP_CONFIG) config: Pick<AppConfig, 'jwtSecret'>) {
    this.key = SealingKey.derive(config.jwtSecret, 'store/mail-envelopes');
  }

  /** Written in the transaction that appends the event, so the event never exists without its envelope. */
  async store(manager: EntityManager, event: { id: string; type: string }, contents: EnvelopeContents, expiresAt: Date): Promise<void> {
    if (!ENVELOPE_EVENT_TYPES.has(event.type)) throw new Error(`${event.type} is not an event that carries a token envelope`);
    const eventId = event.id;
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

  /** After the message of `event` was sent or skipped; events without a token never had an envelope. */
  async discard(manager: EntityManager, event: { id: string; type: string }): Promise<void> {
    if (ENVELOPE_EVENT_TYPES.has(event.type)) await manager.query('DELETE FROM mail_envelopes WHERE event_id = $1', [event.id]);
  }

  async discardExpired(manager: EntityManager): Promise<number> {
    const [, count]: [unknown, number] = await manager.query('DELETE FROM mail_envelopes WHERE expires_at <= now()');
    return count;
  }

  seal(eventId: string, contents: EnvelopeContents): Buffer {
    return this.key.seal(JSON.stringify(contents), eventId);
  }

  unseal(eventId: string, sealed: Buffer): EnvelopeContents {
    return JSON.parse(this.key.open(sealed, eventId).toString('utf8')) as EnvelopeContents;
  }
}
