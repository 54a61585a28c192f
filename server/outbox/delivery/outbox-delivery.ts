import type { Logger } from '@nestjs/common';
import type { DataSource, EntityManager } from 'typeorm';
import { backoffMs, OutboxChannel } from '../outbox-channel';
import { openPersonalData } from '../../event-store/personal-data/personal-data';

export type DeliveryOutcome = 'sent' | 'skipped' | 'done-before' | 'busy';

/** An event as a channel's composer reads it. */
export interface StoredEvent {
  id: string;
  streamId: string;
  type: string;
  data: Record<string, unknown>;
  /** The part of a multi-part event this message is for (a winning token of a `DrawHeld`). */
  part?: string | null;
}

/** What a channel does with one event: compose the message (or say why none), send it, clean up after. */
export interface ChannelSender<Message> {
  compose(event: StoredEvent, manager: EntityManager): Promise<{ message: Message; recipient: string } | { skip: string }>;
  send(message: Message, eventId: string): Promise<void>;
  /** After the message was sent or skipped (the link's envelope is no longer needed). */
  finished?(manager: EntityManager, eventId: string): Promise<void>;
}

/** A send failed; the delivery row says when to try again (or that it is dead). */
export class SendFailedError extends Error {
  constructor(
    readonly channel: string,
    readonly eventId: string,
    readonly attempts: number,
    readonly dead: boolean,
    cause: unknown,
  ) {
    super(`${channel} for event ${eventId} failed on attempt ${attempts}: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = 'SendFailedError';
  }
}

/**
 * Sends the message of one event at most once, whoever asks (a BullMQ job, the in-process queue, a second
 * process, a retry): under a PostgreSQL advisory lock per channel and event id, it reads the deliveries row,
 * does nothing if the message was sent (or skipped, or gave up), and records the outcome after the send.
 * Only a crash between the gateway accepting the message and that record can repeat a send
 * (docs/decisions/020-mail-delivery.md; the same for SMS, ADR 025).
 */
export class OutboxDelivery<Message = unknown> {
  constructor(
    readonly channel: OutboxChannel,
    private readonly dataSource: DataSource,
    private readonly sender: ChannelSender<Message>,
    private readonly logger: Logger,
  ) {}

  async deliver(eventId: string): Promise<DeliveryOutcome> {
    // A session lock on a dedicated connection: held across the gateway call without an open transaction,
    // which would otherwise hold back the safe global order every projection reads.
    const lockKey = `${this.channel.name}:${eventId}`;
    const runner = this.dataSource.createQueryRunner();
    await runner.connect();
    try {
      const [{ locked }] = await runner.query('SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS locked', [lockKey]);
      if (!locked) return 'busy';
      try {
        return await this.deliverLocked(eventId, runner.manager);
      } finally {
        await runner.query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [lockKey]);
      }
    } finally {
      await runner.release();
    }
  }

  private async deliverLocked(eventId: string, manager: EntityManager): Promise<DeliveryOutcome> {
    const { table, name } = this.channel;
    // A part of a multi-part event (one winner of a draw) names its event in its delivery row.
    const events: Array<{ id: string; stream_id: string; type: string; data: Record<string, unknown>; part: string | null }> = await manager.query(
      `SELECT e.event_id AS id, e.stream_id, e.type, e.data, d.part FROM (SELECT $1::uuid AS key) k
         LEFT JOIN ${table} d ON d.event_id = k.key
         JOIN events e ON e.event_id = coalesce(d.source_event_id, k.key)`,
      [eventId],
    );
    if (events.length === 0) {
      this.logger.warn(`${name} job for unknown event ${eventId} ignored`);
      return 'skipped';
    }
    // Personal fields are sealed per person (docs/decisions/053): the composer reads them opened.
    await openPersonalData(manager, events);
    const event: StoredEvent = { id: events[0].id, streamId: events[0].stream_id, type: events[0].type, data: events[0].data, part: events[0].part };
    await manager.query(`INSERT INTO ${table} (event_id, event_type) VALUES ($1, $2) ON CONFLICT (event_id) DO NOTHING`, [eventId, event.type]);
    const [row]: Array<{ status: string; attempts: number }> = await manager.query(`SELECT status, attempts FROM ${table} WHERE event_id = $1`, [eventId]);
    if (row.status === 'sent' || row.status === 'skipped' || row.status === 'dead') return 'done-before';

    const composition = await this.sender.compose(event, manager);
    if ('skip' in composition) {
      await manager.query(`UPDATE ${table} SET status = 'skipped', last_error = $2 WHERE event_id = $1`, [eventId, composition.skip]);
      await this.sender.finished?.(manager, eventId);
      this.logger.log(`no ${event.type} ${name} for event ${eventId}: ${composition.skip}`);
      return 'skipped';
    }
    const attempts = row.attempts + 1;
    await manager.query(`UPDATE ${table} SET status = 'sending', attempts = $2, recipient = $3 WHERE event_id = $1`, [
      eventId,
      attempts,
      composition.recipient,
    ]);
    try {
      await this.sender.send(composition.message, eventId);
    } catch (error) {
      const dead = attempts >= this.channel.maxAttempts;
      await manager.query(
        `UPDATE ${table} SET status = $2, last_error = $3, next_attempt_at = now() + make_interval(secs => $4) WHERE event_id = $1`,
        [eventId, dead ? 'dead' : 'failed', messageOf(error).slice(0, 500), backoffMs(this.channel, attempts) / 1000],
      );
      throw new SendFailedError(name, eventId, attempts, dead, error);
    }
    await manager.query(`UPDATE ${table} SET status = 'sent', sent_at = now(), last_error = NULL WHERE event_id = $1`, [eventId]);
    await this.sender.finished?.(manager, eventId);
    this.logger.log(`sent ${event.type} ${name} for event ${eventId} (attempt ${attempts})`);
    return 'sent';
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
