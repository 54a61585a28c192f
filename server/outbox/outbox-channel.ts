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
   * BullMQ jobs a process works on at once. The deliveries among them that are asked for together share
   * their database reads and writes (OutboxDelivery), so more at once is cheaper per message.
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
 * Writes the channel's rows for the jobs of a subscription batch, in the batch's transaction (so a crash loses
 * nothing, and without Redis the rows are the queue).
 */
export async function insertDeliveries(
  manager: { query(sql: string, params?: unknown[]): Promise<unknown> },
  channel: OutboxChannel,
  jobs: OutboxJobData[],
): Promise<void> {
  await manager.query(
    `INSERT INTO ${channel.table} (event_id, event_type, source_event_id, part)
     SELECT * FROM unnest($1::uuid[], $2::text[], $3::uuid[], $4::text[]) ON CONFLICT (event_id) DO NOTHING`,
    [jobs.map((job) => job.eventId), jobs.map((job) => job.eventType), jobs.map((job) => job.sourceEventId ?? null), jobs.map((job) => job.part ?? null)],
  );
}
