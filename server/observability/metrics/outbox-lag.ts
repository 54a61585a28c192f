import type { DataSource } from 'typeorm';
import type { RegisteredChannel } from '../../outbox/outbox-channels';

/** How far one message channel (mail, SMS, whatever registers next) is behind, as /metrics reports it. */
export interface OutboxLag {
  channel: string;
  subscription: string;
  /** Events of the types its subscription reads that are after its checkpoint: not yet turned into messages. */
  lagEvents: number;
  /** Age of the oldest such event; 0 when caught up. */
  lagSeconds: number;
  /** Its messages written but not sent yet (pending, sending, or failed and waiting for a retry). */
  undelivered: number;
  /**
   * Age of the oldest message not delivered yet, from the event that asked for it: of the open delivery rows
   * and the events its subscription has not read, whichever is older; 0 when nothing waits.
   */
  oldestUndeliveredSeconds: number;
  /** 1 while its subscription's last batch failed. */
  failing: number;
}

/**
 * Reads the lag of every registered channel (OutboxChannels): its subscription's position against the log
 * (the same count the console's projections screen makes for a projection: only events of the types it reads),
 * and its deliveries table's open rows. A subscription that never ran has no checkpoint row and counts from
 * the start of the log, as it would read it. Only reads: a scrape writes nothing. Table names come from the
 * channels the modules register, never from a request.
 */
export async function readOutboxLag(dataSource: DataSource, channels: readonly RegisteredChannel[]): Promise<OutboxLag[]> {
  const answer: OutboxLag[] = [];
  for (const { channel, subscription, eventTypes } of channels) {
    const [{ present }] = await dataSource.query('SELECT to_regclass($1) IS NOT NULL AS present', [channel.table]);
    const [row]: Array<{ lag_events: string; oldest_event_at: Date | null; failing: boolean; undelivered: string; oldest_open_at: Date | null }> = await dataSource.query(
      `WITH c AS (
         SELECT coalesce((SELECT transaction_id FROM projection_checkpoints WHERE name = $1), '0'::xid8) AS transaction_id,
                coalesce((SELECT position FROM projection_checkpoints WHERE name = $1), 0) AS position,
                coalesce((SELECT status = 'failing' FROM projection_checkpoints WHERE name = $1), false) AS failing)
       SELECT (SELECT count(*) FROM events e WHERE (e.transaction_id, e.global_position) > (c.transaction_id, c.position) AND e.type = ANY($2::text[])) AS lag_events,
              (SELECT e.recorded_at FROM events e WHERE (e.transaction_id, e.global_position) > (c.transaction_id, c.position) AND e.type = ANY($2::text[])
                ORDER BY e.transaction_id, e.global_position LIMIT 1) AS oldest_event_at,
              c.failing,
              ${present ? `(SELECT count(*) FROM ${channel.table} WHERE status IN ('pending', 'sending', 'failed'))` : '0'} AS undelivered,
              ${present ? `(SELECT min(coalesce(e.recorded_at, d.created_at)) FROM ${channel.table} d LEFT JOIN events e ON e.event_id = coalesce(d.source_event_id, d.event_id)
                              WHERE d.status IN ('pending', 'sending', 'failed'))` : 'NULL::timestamptz'} AS oldest_open_at
         FROM c`,
      [subscription, [...eventTypes]],
    );
    const now = Date.now();
    const age = (at: Date | null) => (at ? Math.max(0, (now - new Date(at).getTime()) / 1000) : 0);
    answer.push({
      channel: channel.name,
      subscription,
      lagEvents: Number(row.lag_events),
      lagSeconds: age(row.oldest_event_at),
      undelivered: Number(row.undelivered),
      oldestUndeliveredSeconds: Math.max(age(row.oldest_event_at), age(row.oldest_open_at)),
      failing: row.failing ? 1 : 0,
    });
  }
  return answer;
}
