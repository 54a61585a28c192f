import type { EntityManager } from 'typeorm';
import type { RecordedEvent } from '../../event-store/event-store.types';
import type { Projection } from '../../event-store/projection';
import { MAIL_EVENT_TYPES, MailJobData, ORDER_STATUS_MAIL_EVENTS, partDeliveryId } from '../mail-events';
import type { MailQueue } from '../queue/mail-queue';

export const MAIL_SUBSCRIPTION_NAME = 'mail-subscription';

/**
 * Reads the event log like a projection (safe global order, checkpoint moved in the same transaction) and
 * turns each mail-worthy event into a `mail_deliveries` row and a queue job with the event's id. It is
 * driven by its own runner, not registered with ProjectionRegistry: a rebuild must never replay mail.
 * A failed enqueue (Redis away) rolls the batch back, so the checkpoint stays and the batch is retried.
 */
export class MailSubscriptionProjection implements Projection {
  readonly name = MAIL_SUBSCRIPTION_NAME;
  readonly tables: string[] = [];
  readonly eventTypes = MAIL_EVENT_TYPES;

  constructor(private readonly queue: MailQueue) {}

  async apply(events: RecordedEvent[], { manager }: { manager: EntityManager }): Promise<void> {
    const jobs = await mailWorthy(events, manager);
    if (jobs.length === 0) return;
    await manager.query(
      `INSERT INTO mail_deliveries (event_id, event_type, source_event_id, part)
       SELECT * FROM unnest($1::uuid[], $2::text[], $3::uuid[], $4::text[]) ON CONFLICT (event_id) DO NOTHING`,
      [jobs.map((job) => job.eventId), jobs.map((job) => job.eventType), jobs.map((job) => job.sourceEventId ?? null), jobs.map((job) => job.part ?? null)],
    );
    await this.queue.enqueue(jobs);
  }
}

const STATUS_TYPES: readonly string[] = ORDER_STATUS_MAIL_EVENTS;

/**
 * Order status facts only for orders placed with an e-mail; placed orders only with one. A held draw: one job
 * per winner (the composer skips a winner whose order has no e-mail).
 */
async function mailWorthy(events: RecordedEvent[], manager: EntityManager): Promise<MailJobData[]> {
  const statusStreams = [...new Set(events.filter((event) => STATUS_TYPES.includes(event.type)).map((event) => event.streamId))];
  const withEmail = new Set<string>();
  if (statusStreams.length > 0) {
    const rows: Array<{ stream_id: string }> = await manager.query(
      `SELECT DISTINCT stream_id FROM events
        WHERE stream_id = ANY($1::text[]) AND type IN ('OrderPlaced', 'InstantOrderPlaced')
          AND coalesce(data->'customer'->>'email', '') LIKE '%@%'`,
      [statusStreams],
    );
    for (const row of rows) withEmail.add(row.stream_id);
  }
  const winnerJobs = events
    .filter((event) => event.type === 'DrawHeld')
    .flatMap((event) =>
      ((event.data as { winners?: Array<{ token: string }> }).winners ?? []).map((winner) => ({
        eventId: partDeliveryId(event.id, winner.token),
        eventType: event.type,
        sourceEventId: event.id,
        part: winner.token,
      })),
    );
  const single = events
    .filter((event) => {
      if (event.type === 'DrawHeld') return false;
      if (STATUS_TYPES.includes(event.type)) return withEmail.has(event.streamId);
      if (event.type === 'OrderPlaced' || event.type === 'InstantOrderPlaced') {
        const email = (event.data as { customer?: { email?: unknown } }).customer?.email;
        return typeof email === 'string' && email.includes('@');
      }
      return true;
    })
    .map((event) => ({ eventId: event.id, eventType: event.type }));
  return [...single, ...winnerJobs];
}
