import type { DataSource } from 'typeorm';
import type { QueueRow } from '../../../contracts/projections';

/**
 * The job queues whose depth and failures /api/metrics reports (`store_queue_jobs{queue,state}`). Each is a
 * table with one row per job and a `status` column; its status names are reported as they are. Whether the
 * jobs run on BullMQ or the in-process poller, the table is the record both keep, so one query serves both.
 *
 * A new queue is one more line here.
 */
export const QUEUE_TABLES: ReadonlyArray<{ queue: string; table: string; openStatuses: readonly string[] }> = [
  { queue: 'mail', table: 'mail_deliveries', openStatuses: ['pending', 'sending', 'failed', 'dead'] },
  { queue: 'sms', table: 'sms_deliveries', openStatuses: ['pending', 'sending', 'failed', 'dead'] },
];

/**
 * The open jobs of every queue by state, the oldest open job's age, the latest failure and the messages held back
 * by the per-recipient cap in the last day: what /api/metrics reports and what the console's operations screen
 * shows (GET /api/admin/queues).
 */
export async function readQueueDepths(dataSource: DataSource): Promise<QueueRow[]> {
  const answer: QueueRow[] = [];
  for (const { queue, table, openStatuses } of QUEUE_TABLES) {
    const [{ present }] = await dataSource.query('SELECT to_regclass($1) IS NOT NULL AS present', [table]);
    if (!present) continue;
    // Table names come from the constant list above, never from a request.
    const [row]: Array<{ counts: Record<string, number> | null; oldest: Date | null; last_error: string | null; capped: number }> = await dataSource.query(
      `SELECT (SELECT json_object_agg(status, jobs) FROM (SELECT status, count(*)::int AS jobs FROM ${table} WHERE status = ANY($1::text[]) GROUP BY status) c) AS counts,
              (SELECT min(created_at) FROM ${table} WHERE status IN ('pending', 'sending', 'failed')) AS oldest,
              (SELECT last_error FROM ${table} WHERE status IN ('failed', 'dead') ORDER BY next_attempt_at DESC LIMIT 1) AS last_error,
              (SELECT count(*)::int FROM ${table} WHERE capped AND created_at > now() - interval '1 day') AS capped`,
      [openStatuses],
    );
    const counts = row.counts ?? {};
    answer.push({
      queue,
      pending: counts.pending ?? 0,
      sending: counts.sending ?? 0,
      failed: counts.failed ?? 0,
      dead: counts.dead ?? 0,
      oldest_open_at: row.oldest ? new Date(row.oldest).toISOString() : null,
      last_error: row.last_error,
      capped_last_day: row.capped,
    });
  }
  return answer;
}
