import { openPersonalData } from '../../event-store/personal-data/personal-data';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { MailComposer, StoredEvent } from '../compose/mail-composer';
import { MailEnvelopes } from '../envelopes/mail-envelopes';
import { mailBackoffMs, MAX_MAIL_ATTEMPTS } from '../mail-events';
import { MAIL_TRANSPORT, MailTransport } from '../transport/mail-transport';

export type DeliveryOutcome = 'sent' | 'skipped' | 'done-before' | 'busy';

/** A send failed; the delivery row says when to try again (or that it is dead). */
export class MailSendFailedError extends Error {
  constructor(
    readonly eventId: string,
    readonly attempts: number,
    readonly dead: boolean,
    cause: unknown,
  ) {
    super(`mail for event ${eventId} failed on attempt ${attempts}: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = 'MailSendFailedError';
  }
}

/**
 * Sends the mail of one event at most once, whoever asks (a BullMQ job, the in-process queue, a second
 * process, a retry): under a PostgreSQL advisory lock per event id, it reads the `mail_deliveries` row,
 * does nothing if the mail was sent (or skipped, or gave up), and records the outcome after the send.
 * Only a crash between the SMTP server accepting the mail and that record can repeat a send; the repeat
 * has the same Message-ID (docs/decisions/020-mail-delivery.md).
 */
@Injectable()
export class MailDelivery {
  private readonly logger = new Logger('Mail');

  constructor(
    private readonly dataSource: DataSource,
    private readonly composer: MailComposer,
    private readonly envelopes: MailEnvelopes,
    @Inject(MAIL_TRANSPORT) private readonly transport: MailTransport,
  ) {}

  async deliver(eventId: string): Promise<DeliveryOutcome> {
    // A session lock on a dedicated connection: held across the SMTP call without an open transaction,
    // which would otherwise hold back the safe global order every projection reads.
    const runner = this.dataSource.createQueryRunner();
    await runner.connect();
    try {
      const [{ locked }] = await runner.query('SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS locked', [`mail:${eventId}`]);
      if (!locked) return 'busy';
      try {
        return await this.deliverLocked(eventId, runner.manager);
      } finally {
        await runner.query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [`mail:${eventId}`]);
      }
    } finally {
      await runner.release();
    }
  }

  private async deliverLocked(eventId: string, manager: DataSource['manager']): Promise<DeliveryOutcome> {
    // A part of a multi-part event (one winner of a draw) names its event in its delivery row.
    const events: Array<{ id: string; stream_id: string; type: string; data: Record<string, unknown>; part: string | null }> = await manager.query(
      `SELECT e.event_id AS id, e.stream_id, e.type, e.data, d.part FROM (SELECT $1::uuid AS key) k
         LEFT JOIN mail_deliveries d ON d.event_id = k.key
         JOIN events e ON e.event_id = coalesce(d.source_event_id, k.key)`,
      [eventId],
    );
    if (events.length === 0) {
      this.logger.warn(`mail job for unknown event ${eventId} ignored`);
      return 'skipped';
    }
    await openPersonalData(manager, events);
    const event: StoredEvent = { id: events[0].id, streamId: events[0].stream_id, type: events[0].type, data: events[0].data, part: events[0].part };
    await manager.query(
      'INSERT INTO mail_deliveries (event_id, event_type) VALUES ($1, $2) ON CONFLICT (event_id) DO NOTHING',
      [eventId, event.type],
    );
    const [row]: Array<{ status: string; attempts: number }> = await manager.query(
      'SELECT status, attempts FROM mail_deliveries WHERE event_id = $1',
      [eventId],
    );
    if (row.status === 'sent' || row.status === 'skipped' || row.status === 'dead') return 'done-before';

    const composition = await this.composer.compose(event, manager);
    if ('skip' in composition) {
      await manager.query(`UPDATE mail_deliveries SET status = 'skipped', last_error = $2 WHERE event_id = $1`, [eventId, composition.skip]);
      await this.envelopes.discard(manager, eventId);
      this.logger.log(`no ${event.type} mail for event ${eventId}: ${composition.skip}`);
      return 'skipped';
    }
    const attempts = row.attempts + 1;
    await manager.query(`UPDATE mail_deliveries SET status = 'sending', attempts = $2, recipient = $3 WHERE event_id = $1`, [
      eventId,
      attempts,
      composition.mail.to,
    ]);
    try {
      await this.transport.send(composition.mail, eventId);
    } catch (error) {
      const dead = attempts >= MAX_MAIL_ATTEMPTS;
      await manager.query(
        `UPDATE mail_deliveries SET status = $2, last_error = $3, next_attempt_at = now() + make_interval(secs => $4) WHERE event_id = $1`,
        [eventId, dead ? 'dead' : 'failed', messageOf(error).slice(0, 500), mailBackoffMs(attempts) / 1000],
      );
      throw new MailSendFailedError(eventId, attempts, dead, error);
    }
    await manager.query(`UPDATE mail_deliveries SET status = 'sent', sent_at = now(), last_error = NULL WHERE event_id = $1`, [eventId]);
    await this.envelopes.discard(manager, eventId);
    this.logger.log(`sent ${event.type} mail for event ${eventId} (attempt ${attempts})`);
    return 'sent';
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
