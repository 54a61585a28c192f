import { createHash } from 'node:crypto';

/**
 * One outgoing channel of messages fed by the event log (mail, SMS): its BullMQ queue, its deliveries table
 * (one row per message, keyed by the event id or a part's derived id) and its retry policy. The shared
 * machinery in server/outbox (subscription runner, queues, at-most-once delivery, files) is parameterised by
 * it; each channel keeps its own events, templates and transports (docs/decisions/025-sms-channel.md).
 */
export interface OutboxChannel {
  /** Log and metric name: `mail`, `sms`. */
  readonly name: string;
  /** BullMQ queue name. */
  readonly queue: string;
  /** Deliveries table: `event_id, event_type, status, attempts, next_attempt_at, last_error, recipient, sent_at, source_event_id, part`. */
  readonly table: string;
  /** Sends before the delivery is marked dead. */
  readonly maxAttempts: number;
  /** First retry delay; doubling. */
  readonly backoffBaseMs: number;
  /**
   * BullMQ jobs a process works on at once, and sends to the gateway at once. The deliveries asked for
   * together (these jobs, or the messages of one batch job, up to `deliveriesPerBatch`) share their database
   * reads and writes (OutboxDelivery), so more at once is cheaper per message.
   */
  readonly workerConcurrency: number;
}

/** Retries: base, 2 × base, 4 × base ... doubling, as BullMQ's exponential backoff does. */
export function backoffMs(channel: Pick<OutboxChannel, 'backoffBaseMs'>, attemptsMade: number): number {
  return channel.backoffBaseMs * 2 ** Math.max(0, attemptsMade - 1);
}

/**
 * The payload of a job: the delivery's key only — the event id, or for one part of a multi-part event the
 * id `partDeliveryId(event, part)`. Everything else, the worker reads from the deliveries table and the log.
 */
export interface OutboxJobData {
  eventId: string;
  eventType: string;
  /** For a part: the event it belongs to and the part (a winning token). */
  sourceEventId?: string;
  part?: string;
}

/** A stable UUID (version 8, from SHA-256) for one part of an event, so a retried subscription adds the same job. */
export function partDeliveryId(eventId: string, part: string): string {
  const bytes = createHash('sha256').update(`${eventId}:${part}`).digest().subarray(0, 16);
  bytes[6] = (bytes[6] & 0x0f) | 0x80;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * A delivery row as the subscription writes it: the job, and for a message a shopper's own action caused, the
 * recipient budget it was decided under (issue 27). A capped message's row is written finished ('skipped', with
 * the reason) and no job is added for it, so no worker, retry or sweep ever sends it.
 */
export interface DeliveryRow extends OutboxJobData {
  budget?: { key: string; at: Date; capped: boolean; reason?: string; recipient?: string };
}

/**
 * Writes the channel's rows for the jobs of a subscription batch, in the batch's transaction (so a crash loses
 * nothing, and without Redis the rows are the queue). A row that exists already keeps what it says.
 */
export async function insertDeliveries(
  manager: { query(sql: string, params?: unknown[]): Promise<unknown> },
  channel: OutboxChannel,
  rows: DeliveryRow[],
): Promise<void> {
  await manager.query(
    `INSERT INTO ${channel.table} (event_id, event_type, source_event_id, part, budget_key, budget_at, capped, status, last_error, recipient)
     SELECT * FROM unnest($1::uuid[], $2::text[], $3::uuid[], $4::text[], $5::text[], $6::timestamptz[], $7::boolean[], $8::text[], $9::text[], $10::text[])
     ON CONFLICT (event_id) DO NOTHING`,
    [
      rows.map((row) => row.eventId),
      rows.map((row) => row.eventType),
      rows.map((row) => row.sourceEventId ?? null),
      rows.map((row) => row.part ?? null),
      rows.map((row) => row.budget?.key ?? null),
      rows.map((row) => row.budget?.at ?? null),
      rows.map((row) => row.budget?.capped ?? false),
      rows.map((row) => (row.budget?.capped ? 'skipped' : 'pending')),
      rows.map((row) => (row.budget?.capped ? (row.budget.reason ?? null) : null)),
      rows.map((row) => (row.budget?.capped ? (row.budget.recipient ?? null) : null)),
    ],
  );
}

/** What a queue carries for a row: the delivery's key only (OutboxJobData), never its budget. */
export function jobOf(row: DeliveryRow): OutboxJobData {
  return {
    eventId: row.eventId,
    eventType: row.eventType,
    ...(row.sourceEventId !== undefined ? { sourceEventId: row.sourceEventId } : {}),
    ...(row.part !== undefined ? { part: row.part } : {}),
  };
}
