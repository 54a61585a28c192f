import type { EntityManager } from 'typeorm';
import { openPersonalData } from '../event-store/personal-data/personal-data';

/** What every channel's composer reads about the store and an order, from the settings row and the log. */

/**
 * The reads of one delivery batch: the store's settings are read once for every message of the batch.
 * `manager` is for what a channel reads on its own (an envelope, an offer's name).
 */
export class OutboxReads {
  private settings: Promise<{ name: string; email: string }> | undefined;

  constructor(readonly manager: EntityManager) {}

  storeSettings(): Promise<{ name: string; email: string }> {
    return (this.settings ??= storeSettings(this.manager));
  }

  placedEvent(streamId: string): Promise<Record<string, unknown> | null> {
    return placedEvent(this.manager, streamId);
  }
}

/** The store's name and contact e-mail from the settings row (defaults when there is none yet). */
export async function storeSettings(manager: EntityManager): Promise<{ name: string; email: string }> {
  const rows: Array<{ name: string; email: string }> = await manager.query('SELECT name, email FROM settings WHERE id = 1').catch(() => []);
  return { name: rows[0]?.name || 'Our store', email: rows[0]?.email ?? '' };
}

/**
 * The caps on messages a shopper's own actions cause to one phone or e-mail address (issue 27), from the
 * settings row; the defaults of migration 1763800002300 when there is none yet.
 */
export async function orderMessageCaps(manager: EntityManager): Promise<{ perHour: number; perDay: number }> {
  const rows: Array<{ per_hour: number; per_day: number }> = await manager.query(
    'SELECT order_messages_per_hour AS per_hour, order_messages_per_day AS per_day FROM settings WHERE id = 1',
  );
  return { perHour: rows[0]?.per_hour ?? 3, perDay: rows[0]?.per_day ?? 10 };
}

/** Whether a shopper's own request recorded the event (a guest or a signed-in customer), not staff or the system. */
export function causedByShopper(event: { metadata?: { actor?: { role?: string } } | null }): boolean {
  const role = event.metadata?.actor?.role;
  return role === 'guest' || role === 'customer';
}

/** The data of an order's placing event (`OrderPlaced` or `InstantOrderPlaced`), or null. */
export async function placedEvent(manager: EntityManager, streamId: string): Promise<Record<string, unknown> | null> {
  const rows: Array<{ data: Record<string, unknown> }> = await manager.query(
    `SELECT data FROM events WHERE stream_id = $1 AND type IN ('OrderPlaced', 'InstantOrderPlaced') ORDER BY stream_position LIMIT 1`,
    [streamId],
  );
  // Personal fields are sealed per person (docs/decisions/053); an erased person's read as erased.
  await openPersonalData(manager, rows);
  return rows[0]?.data ?? null;
}
