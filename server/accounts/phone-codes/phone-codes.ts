import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { DataSource } from 'typeorm';
import type { Locale } from '../../../contracts/locale';
import { CLOCK, Clock } from '../../common/clock';
import { ValidationFailedError } from '../../common/errors/domain-error';
import { eventMetadata, type RequestMetadata } from '../../common/request/request-metadata';
import { CommandPath } from '../../event-store/command-path/command-path';
import { OutboxEnvelopes } from '../../outbox/envelopes';
import { phoneCodeStreamId, type PhoneCodeEvent, type PhoneCodePurpose } from '../domain/phone-code.events';
import { PHONE_CODE_MESSAGES, PHONE_CODE_MINUTES } from './phone-code-messages';
import { PHONE_CODE_MAX_ATTEMPTS, PHONE_PROOF_MINUTES, PhoneCodeSecrets } from './phone-code-secrets';

export { PHONE_CODE_MESSAGES };


/** Codes one phone is sent per hour, whoever asks from wherever: beyond, the answer is the same and no SMS goes. */
export const PHONE_CODES_PER_HOUR = 5;

/** A code that passed its check: the row to use up in the transaction of what it proves. */
export interface CheckedCode {
  id: string;
  phone: string;
  userId: string | null;
}

/**
 * One-time phone codes (issue 17): six digits, HMAC-hashed at rest, five minutes, three tries, the latest
 * code of a phone and purpose the only one that works. A request writes the code's row, its envelope and a
 * `PhoneCodeRequested` (which the SMS channel sends) in one transaction. A check counts the try before it
 * compares (so parallel guesses cannot exceed three); the caller then uses the code up with `consume` in the
 * transaction that records what it proved, so a failed write leaves the code usable and a code works once.
 */
@Injectable()
export class PhoneCodes {
  constructor(
    private readonly dataSource: DataSource,
    private readonly commands: CommandPath,
    private readonly envelopes: OutboxEnvelopes,
    private readonly secrets: PhoneCodeSecrets,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Sends a code unless the phone had its codes this hour (the caller answers the same either way). */
  async request(input: { phone: string; purpose: PhoneCodePurpose; userId: string | null; locale: Locale }, meta: RequestMetadata): Promise<void> {
    const [{ recent }]: Array<{ recent: number }> = await this.dataSource.query(
      `SELECT count(*)::int AS recent FROM phone_codes WHERE phone = $1 AND created_at > now() - interval '1 hour'`,
      [input.phone],
    );
    if (recent >= PHONE_CODES_PER_HOUR) return;
    const id = randomUUID();
    const eventId = randomUUID();
    const code = this.secrets.newCode();
    const expiresAt = new Date(this.clock.now().getTime() + PHONE_CODE_MINUTES * 60_000);
    const event: PhoneCodeEvent = {
      type: 'PhoneCodeRequested',
      data: { codeId: id, phone: input.phone, purpose: input.purpose, userId: input.userId, expiresAt: expiresAt.toISOString(), locale: input.locale },
    };
    await this.commands.appendAt(phoneCodeStreamId(id), 0, [{ id: eventId, ...event }], eventMetadata(meta), async (tx) => {
      await tx.query(
        `INSERT INTO phone_codes (id, phone, purpose, user_id, code_hash, expires_at) VALUES ($1, $2, $3, $4, $5, $6)`,
        [id, input.phone, input.purpose, input.userId, this.secrets.hashCode(id, code), expiresAt],
      );
      await this.envelopes.store(tx, { id: eventId, type: 'PhoneCodeRequested' }, { token: code }, expiresAt);
    });
  }

  /**
   * The phone's latest code for the purpose, when `code` is it, unused and in time; else a 422 on `code`. Every
   * check uses up one of the code's three tries, the right one included.
   */
  async check(phone: string, purpose: PhoneCodePurpose, code: string): Promise<CheckedCode> {
    const rows: Array<{ id: string; user_id: string | null; code_hash: Buffer }> = await this.dataSource.query(
      `UPDATE phone_codes SET attempts = attempts + 1
        WHERE id = (SELECT id FROM phone_codes WHERE phone = $1 AND purpose = $2 ORDER BY created_at DESC LIMIT 1)
          AND used_at IS NULL AND expires_at > now() AND attempts < $3
        RETURNING id, user_id, code_hash`,
      [phone, purpose, PHONE_CODE_MAX_ATTEMPTS],
    );
    // TypeORM answers an UPDATE ... RETURNING with [rows, count].
    const row = Array.isArray(rows[0]) ? (rows[0] as unknown as typeof rows)[0] : rows[0];
    if (!row || !/^\d{6}$/.test(code) || !this.secrets.codeMatches(row.id, code, row.code_hash)) {
      throw ValidationFailedError.field('code', 'phone-code-invalid');
    }
    return { id: row.id, phone, userId: row.user_id };
  }

  /** Uses the code up, atomically, in the caller's transaction: of two requests with one code, one gets true. */
  async consume(tx: EntityManager, codeId: string): Promise<boolean> {
    const [, affected]: [unknown, number] = await tx.query(
      `UPDATE phone_codes SET used_at = now() WHERE id = $1 AND used_at IS NULL AND expires_at > now()`,
      [codeId],
    );
    return affected === 1;
  }

  /** Records that a checked code proved its phone (PhoneCodeConfirmed), using the code up in the same transaction. */
  async confirm(checked: CheckedCode, purpose: PhoneCodePurpose, meta: RequestMetadata): Promise<void> {
    const event: PhoneCodeEvent = { type: 'PhoneCodeConfirmed', data: { codeId: checked.id, phone: checked.phone, purpose } };
    await this.commands.appendAt(phoneCodeStreamId(checked.id), 1, [event], eventMetadata(meta), async (tx) => {
      if (!(await this.consume(tx, checked.id))) throw ValidationFailedError.field('code', 'phone-code-invalid');
    });
  }

  /** A checkout's proof that its phone was verified: valid for 30 minutes, checked without a query. */
  proofFor(phone: string): { proof: string; expiresAt: Date } {
    const expiresAt = new Date(this.clock.now().getTime() + PHONE_PROOF_MINUTES * 60_000);
    return { proof: this.secrets.proofFor(phone, expiresAt), expiresAt };
  }
}
