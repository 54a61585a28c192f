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
