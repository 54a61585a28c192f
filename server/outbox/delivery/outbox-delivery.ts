import type { Logger } from '@nestjs/common';
import type { DataSource, EntityManager } from 'typeorm';
import { isDatabaseUnavailable } from '../../common/errors/database-unavailable';
import { backoffMs, OutboxChannel } from '../outbox-channel';
import { keysReadWithEvents, openPersonalData, SEALED_KEY_COLUMN, sealedKeyJoin } from '../../event-store/personal-data/personal-data';
import { OutboxReads } from '../event-reads';

export type DeliveryOutcome = 'sent' | 'skipped' | 'done-before' | 'busy';

/** An event as a channel's composer reads it. */
export interface StoredEvent {
  /**
   * The delivery's key: the event id, or for one part of a multi-part event its derived id. Stable across every
   * attempt, so it is the message's idempotency key at the gateway (Message-ID, Idempotency-Key).
   */
  deliveryId: string;
  id: string;
  streamId: string;
  type: string;
  data: Record<string, unknown>;
  /** The part of a multi-part event this message is for (a winning token of a `DrawHeld`). */
  part?: string | null;
}

/** What a channel does with one event: compose the message (or say why none), send it, clean up after. */
export interface ChannelSender<Message> {
  compose(event: StoredEvent, reads: OutboxReads): Promise<{ message: Message; recipient: string } | { skip: string }>;
  /** Sends; `deliveryId` is the same on every attempt: a gateway that takes an idempotency key gets it. */
  send(message: Message, deliveryId: string): Promise<void>;
  /** After the message was sent or skipped (the link's envelope is no longer needed). */
  finished?(manager: EntityManager, event: StoredEvent): Promise<void>;
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

/** Statuses after which a delivery is never tried again. */
const FINISHED = new Set(['sent', 'skipped', 'dead']);

/**
 * How long a claimed delivery ('sending') belongs to the worker that claimed it: longer than any gateway call
 * may take (the SMTP socket gives up after 30 s, the SMS gateway after 10 s), once per round of sends it waits
 * for in its batch (`deliveriesPerBatch`). A worker that dies mid-send leaves the row to be claimed again once
 * its lease is over.
 */
export const SENDING_LEASE_SECONDS = 120;

/**
 * A delivery left 'sending' is not taken over in the first seconds after PostgreSQL (re)started when its lease
 * ran out during the hour before the restart or since: the worker that sent the message may have spent the
 * outage retrying its record (every 2 s at most) and must get there first. Without this an outage longer than
 * the lease would send those messages again. A lease that ran out earlier belongs to a worker that died.
 */
export const RESTART_GRACE_SECONDS = 30;
const RESTART_GRACE_COVERS_HOURS = 1;

/** Retries of the record of a send the gateway accepted: 100 ms doubling to 2 s. */
const RECORD_RETRY_FIRST_MS = 100;
const RECORD_RETRY_MAX_MS = 2_000;
/** Tries of that record that failed for another reason than the database being away (a bug): then it gives up. */
const RECORD_OTHER_FAILURES = 5;

/** A 'sending' row (alias `d`) nobody may take: under its lease, or its lease ran out around a restart that is too recent. */
export const HELD = `(d.next_attempt_at > now() OR (pg_postmaster_start_time() > now() - make_interval(secs => ${RESTART_GRACE_SECONDS})
   AND d.next_attempt_at > pg_postmaster_start_time() - make_interval(hours => ${RESTART_GRACE_COVERS_HOURS})))`;

/**
 * Deliveries asked for in one turn of the event loop that go through the database together (one read, one
 * claim, one record), at most. Their sends go to the gateway `workerConcurrency` at a time (OutboxChannel), in
 * at most SEND_ROUNDS_PER_BATCH rounds: see `deliveriesPerBatch`.
 */
const DELIVERIES_PER_BATCH = 100;
/**
 * Rounds of sends one batch may take. A delivery sent in the n-th round (from 0) is claimed with n + 1 leases,
 * so no other worker takes it over while it waits for its turn behind slow gateway calls.
 */
const SEND_ROUNDS_PER_BATCH = 5;

/** How many deliveries of a channel go through the database together. */
function deliveriesPerBatch(channel: Pick<OutboxChannel, 'workerConcurrency'>): number {
  return Math.max(1, Math.min(DELIVERIES_PER_BATCH, channel.workerConcurrency * SEND_ROUNDS_PER_BATCH));
}

interface Waiter {
  resolve(outcome: DeliveryOutcome): void;
  reject(error: unknown): void;
}

interface Found {
  delivery_id: string;
  id: string;
  stream_id: string;
  type: string;
  data: Record<string, unknown>;
  part: string | null;
  status: string | null;
  leased: boolean;
  sealing_key: Buffer | null;
}

type Claim = { deliveryId: string; eventType: string } & ({ status: 'sending'; recipient: string } | { status: 'skipped'; reason: string });

/**
 * Sends the message of one event at most once, whoever asks (a BullMQ job, the in-process queue, a second
 * process, a retry). One statement claims a delivery (an upsert of its row that succeeds only while the row
 * is pending, failed, or 'sending' under an expired lease), so two workers can never both send; the outcome
 * is recorded after the send, and a delivery is answered (its job acknowledged) only once that record is
 * written: while the database is away the record is retried with backoff, and the row is not taken over
 * meanwhile (RESTART_GRACE_SECONDS). Only a crash of this process between the gateway accepting the message
 * and that record can repeat a send, and then with the same idempotency key (the delivery id as the mail's
 * Message-ID and the SMS gateway's Idempotency-Key; docs/decisions/020-mail-delivery.md, ADR 025). No lock or
 * transaction is held across the gateway call, which would hold back the safe global order every projection
 * reads.
 *
 * The deliveries asked for in the same turn of the event loop (the in-process queue's due rows, BullMQ's
 * concurrent jobs) share their reads and writes: one read of their events and rows, one of their keys and the
 * store's settings, one claim and one record of the sent ones, whatever their number (ADR 045).
 */
export class OutboxDelivery<Message = unknown> {
  private waiting = new Map<string, Waiter[]>();
  /** Sent by this process, their record not written yet: asked for again meanwhile, they are 'busy'. */
  private readonly recording = new Set<string>();

  constructor(
    readonly channel: OutboxChannel,
    private readonly dataSource: DataSource,
    private readonly sender: ChannelSender<Message>,
    private readonly logger: Logger,
  ) {}

  /** The outcome for this delivery; a failed send rejects with SendFailedError. */
  deliver(deliveryId: string): Promise<DeliveryOutcome> {
    return new Promise((resolve, reject) => {
      if (this.waiting.size === 0) setImmediate(() => this.flush());
      const waiters = this.waiting.get(deliveryId);
      // Asked twice at once: the second asker hears the message went (or is going) out once.
      if (waiters) waiters.push({ resolve: (outcome) => resolve(outcome === 'sent' || outcome === 'skipped' ? 'done-before' : outcome), reject: () => resolve('busy') });
      else this.waiting.set(deliveryId, [{ resolve, reject }]);
    });
  }

  /** The deliveries asked for so far, a batch after another: the gateway never gets more than a batch's sends at once. */
  private flush(): void {
    const all = [...this.waiting];
    this.waiting = new Map();
    const perBatch = deliveriesPerBatch(this.channel);
    void (async () => {
      for (let from = 0; from < all.length; from += perBatch) {
        const batch = new Map(all.slice(from, from + perBatch));
        await this.deliverMany([...batch.keys()]).then(
          (outcomes) => {
            for (const [deliveryId, waiters] of batch) {
              const outcome = outcomes.get(deliveryId)!;
              for (const waiter of waiters) {
                if (outcome instanceof Error) waiter.reject(outcome);
                else waiter.resolve(outcome);
              }
            }
          },
          (error: unknown) => {
            for (const waiters of batch.values()) for (const waiter of waiters) waiter.reject(error);
          },
        );
      }
    })();
  }

  private async deliverMany(deliveryIds: string[]): Promise<Map<string, DeliveryOutcome | Error>> {
    const { table, name } = this.channel;
    const manager = this.dataSource.manager;
    const outcomes = new Map<string, DeliveryOutcome | Error>();
    // Each delivery with its event and row, if any. A part of a multi-part event (one winner of a draw) names
    // its event in its delivery row.
    const rows: Found[] = await manager.query(
      `SELECT k.key AS delivery_id, e.event_id AS id, e.stream_id, e.type, e.data, d.part, d.status,
              coalesce(d.status = 'sending' AND ${HELD}, false) AS leased, ${SEALED_KEY_COLUMN}
         FROM unnest($1::uuid[]) AS k(key)
         LEFT JOIN ${table} d ON d.event_id = k.key
         JOIN events e ON e.event_id = coalesce(d.source_event_id, k.key)
         ${sealedKeyJoin('e')}`,
      [deliveryIds],
    );
    const found = new Map(rows.map((row) => [row.delivery_id, row]));
    const open: Found[] = [];
    for (const deliveryId of deliveryIds) {
      const row = found.get(deliveryId);
      if (!row) {
        this.logger.warn(`${name} job for unknown event ${deliveryId} ignored`);
        outcomes.set(deliveryId, 'skipped');
      } else if (row.status && FINISHED.has(row.status)) outcomes.set(deliveryId, 'done-before');
      else if (row.leased || this.recording.has(deliveryId)) outcomes.set(deliveryId, 'busy');
      else open.push(row);
    }
    if (open.length === 0) return outcomes;

    // Personal fields are sealed per person (docs/decisions/053): the composer reads them opened.
    await openPersonalData(manager, open, keysReadWithEvents(open));
    const reads = new OutboxReads(manager);
    // A message that cannot be composed (an envelope another key sealed) fails alone; the rest go on.
    const composed = (
      await Promise.all(
        open.map(async (row) => {
          const event: StoredEvent = { deliveryId: row.delivery_id, id: row.id, streamId: row.stream_id, type: row.type, data: row.data, part: row.part };
          try {
            return [{ deliveryId: row.delivery_id, event, composition: await this.sender.compose(event, reads) }];
          } catch (error) {
            outcomes.set(row.delivery_id, error instanceof Error ? error : new Error(String(error)));
            return [];
          }
        }),
      )
    ).flat();
    if (composed.length === 0) return outcomes;
    const attemptsOf = await this.claim(
      manager,
      composed.map(({ deliveryId, event, composition }): Claim =>
        'skip' in composition
          ? { deliveryId, eventType: event.type, status: 'skipped', reason: composition.skip }
          : { deliveryId, eventType: event.type, status: 'sending', recipient: composition.recipient },
      ),
    );

    const sent: Array<{ deliveryId: string; attempts: number; event: StoredEvent }> = [];
    const finished: StoredEvent[] = [];
    // The gateway gets the channel's concurrency, however many deliveries the database handled together.
    await inParallel(
      composed,
      this.channel.workerConcurrency,
      async ({ deliveryId, event, composition }) => {
        const attempts = attemptsOf.get(deliveryId);
        if (attempts === undefined) return void outcomes.set(deliveryId, 'busy');
        if ('skip' in composition) {
          finished.push(event);
          this.logger.log(`no ${event.type} ${name} for event ${deliveryId}: ${composition.skip}`);
          return void outcomes.set(deliveryId, 'skipped');
        }
        try {
          await this.sender.send(composition.message, deliveryId);
        } catch (error) {
          const dead = attempts >= this.channel.maxAttempts;
          try {
            await manager.query(
              `UPDATE ${table} SET status = $2, last_error = $3, next_attempt_at = now() + make_interval(secs => $4) WHERE event_id = $1 AND attempts = $5`,
              [deliveryId, dead ? 'dead' : 'failed', messageOf(error).slice(0, 500), backoffMs(this.channel, attempts) / 1000, attempts],
            );
          } catch (recordError) {
            // Nothing was sent: the row stays 'sending' until its lease is over, then it is tried again.
            return void outcomes.set(deliveryId, recordError instanceof Error ? recordError : new Error(String(recordError)));
          }
          return void outcomes.set(deliveryId, new SendFailedError(name, deliveryId, attempts, dead, error));
        }
        sent.push({ deliveryId, attempts, event });
        this.recording.add(deliveryId);
      },
    );
    if (sent.length > 0) {
      try {
        const recorded = await this.recordSent(sent);
        for (const { deliveryId, attempts, event } of sent) {
          finished.push(event);
          if (recorded.has(deliveryId)) this.logger.log(`sent ${event.type} ${name} for event ${deliveryId} (attempt ${attempts})`);
          else this.logger.warn(`sent ${event.type} ${name} for event ${deliveryId} (attempt ${attempts}), but another worker had taken the delivery over meanwhile`);
          outcomes.set(deliveryId, 'sent');
        }
      } catch (error) {
        // Given up (not the database being away, which is waited out): the lease keeps the message from being
        // sent again for SENDING_LEASE_SECONDS, and a repeat carries the same idempotency key.
        for (const { deliveryId } of sent) outcomes.set(deliveryId, error instanceof Error ? error : new Error(String(error)));
      } finally {
        for (const { deliveryId } of sent) this.recording.delete(deliveryId);
      }
    }
    for (const event of finished) {
      // Only tidying (a link's envelope, which also expires): a failure here changes nothing that was sent.
      await Promise.resolve(this.sender.finished?.(manager, event)).catch((error: unknown) =>
        this.logger.warn(`${name} for event ${event.deliveryId}: tidying up after the send failed: ${messageOf(error)}`),
      );
    }
    return outcomes;
  }

  /**
   * Records sends the gateways accepted, before anyone hears of them (a BullMQ job is acknowledged, the
   * in-process queue moves on): retried with backoff for as long as the database is away, since a send that
   * is not recorded would be sent again once its lease is over. Only this worker's attempt is recorded
   * (`attempts` as claimed); answers the deliveries recorded — one missing was taken over by another worker.
   */
  private async recordSent(sent: Array<{ deliveryId: string; attempts: number }>): Promise<Set<string>> {
    const { table, name } = this.channel;
    let failures = 0;
    let otherFailures = 0;
    for (;;) {
      try {
        // A try whose connection broke after PostgreSQL committed it left the row 'sent' with our attempt: that
        // is our record too. (An UPDATE answers [rows, count] through TypeORM.)
        const [rows]: [Array<{ event_id: string }>, number] = await this.dataSource.query(
          `UPDATE ${table} AS d SET status = 'sent', sent_at = CASE WHEN d.status = 'sent' THEN d.sent_at ELSE now() END, last_error = NULL
             FROM unnest($1::uuid[], $2::int[]) AS s(event_id, attempts)
            WHERE d.event_id = s.event_id AND d.attempts = s.attempts AND d.status IN ('sending', 'sent')
           RETURNING d.event_id`,
          [sent.map((each) => each.deliveryId), sent.map((each) => each.attempts)],
        );
        if (failures > 0) this.logger.log(`${name}: recorded ${sent.length} sent message(s) after ${failures} failed tries`);
        return new Set(rows.map((row) => row.event_id));
      } catch (error) {
        failures += 1;
        if (!isDatabaseUnavailable(error) && ++otherFailures >= RECORD_OTHER_FAILURES) throw error;
        // Said once per outage, not per try.
        if (failures === 1) this.logger.warn(`${name}: ${sent.length} message(s) sent but not recorded yet (${messageOf(error)}); retrying until the database answers`);
        const wait = Math.min(RECORD_RETRY_FIRST_MS * 2 ** (failures - 1), RECORD_RETRY_MAX_MS);
        await new Promise((resolve) => setTimeout(resolve, wait).unref());
      }
    }
  }

  /**
   * Takes deliveries for this worker in one statement: 'sending' (counting the attempt, leased for
   * SENDING_LEASE_SECONDS per round of sends it waits for: `claims` are in the order they are sent,
   * `workerConcurrency` a round) or 'skipped'. Answers the attempt number of each one taken; a delivery that
   * is finished, or that another worker holds, is not in the answer.
   */
  private async claim(manager: EntityManager, claims: Claim[]): Promise<Map<string, number>> {
    const sending = (claim: Claim) => claim.status === 'sending';
    const rows: Array<{ event_id: string; attempts: number }> = await manager.query(
      `INSERT INTO ${this.channel.table} AS d (event_id, event_type, status, attempts, recipient, last_error, next_attempt_at)
       SELECT c.event_id, c.event_type, c.status, c.attempts, c.recipient, c.last_error, now() + make_interval(secs => c.lease)
         FROM unnest($1::uuid[], $2::text[], $3::text[], $4::int[], $5::text[], $6::text[], $7::int[])
           AS c(event_id, event_type, status, attempts, recipient, last_error, lease)
       ON CONFLICT (event_id) DO UPDATE
          SET status = excluded.status, attempts = d.attempts + excluded.attempts, recipient = coalesce(excluded.recipient, d.recipient),
              last_error = excluded.last_error, next_attempt_at = excluded.next_attempt_at
        WHERE d.status IN ('pending', 'failed') OR (d.status = 'sending' AND NOT ${HELD})
       RETURNING d.event_id, d.attempts`,
      [
        claims.map((claim) => claim.deliveryId),
        claims.map((claim) => claim.eventType),
        claims.map((claim) => claim.status),
        claims.map((claim) => (sending(claim) ? 1 : 0)),
        claims.map((claim) => (claim.status === 'sending' ? claim.recipient : null)),
        claims.map((claim) => (claim.status === 'skipped' ? claim.reason : null)),
        claims.map((claim, index) => (sending(claim) ? SENDING_LEASE_SECONDS * (1 + Math.floor(index / this.channel.workerConcurrency)) : 0)),
      ],
    );
    return new Map(rows.map((row) => [row.event_id, row.attempts]));
  }
}

/** Runs `work` on every item, at most `limit` at a time, in the items' order. */
async function inParallel<T>(items: readonly T[], limit: number, work: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, lane));
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
