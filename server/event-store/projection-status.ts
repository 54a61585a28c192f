import type { EntityManager } from 'typeorm';
import { checkpointFromRow } from './checkpoint';
import type { GlobalCheckpoint } from './event-store.types';

/** What an ops screen shows for one projection. */
export interface ProjectionStatus {
  name: string;
  /** 'idle' before its first batch, 'running' after a successful one, 'failing' after a failed one. */
  status: string;
  checkpoint: GlobalCheckpoint;
  /** Events in the log after the checkpoint. */
  lagEvents: number;
  /** Age of the oldest event not yet applied; 0 when caught up. */
  lagSeconds: number;
  lastError: string | null;
  lastErrorAt: Date | null;
  updatedAt: Date;
  rebuild: { startedAt: Date; processed: number; target: number } | null;
}

/** A projection's status as one process sees it: also the events its live batches applied in this process. */
export interface ProcessProjectionStatus extends ProjectionStatus {
  eventsAppliedByThisProcess: number;
}

interface StatusRow {
  name: string;
  status: string;
  transaction_text: string;
  position_text: string;
  lag_events: string;
  oldest_unprocessed_at: Date | null;
  last_error: string | null;
  last_error_at: Date | null;
  updated_at: Date;
  rebuild_started_at: Date | null;
  rebuild_processed: string | null;
  rebuild_target: string | null;
}

export async function readProjectionStatuses(manager: EntityManager, names: string[]): Promise<ProjectionStatus[]> {
  const rows: StatusRow[] = await manager.query(
    `SELECT c.name, c.status, c.transaction_id::text AS transaction_text, c.position::text AS position_text,
            (SELECT count(*) FROM events e
              WHERE (e.transaction_id, e.global_position) > (c.transaction_id, c.position)) AS lag_events,
            (SELECT e.recorded_at FROM events e
              WHERE (e.transaction_id, e.global_position) > (c.transaction_id, c.position)
              ORDER BY e.transaction_id, e.global_position LIMIT 1) AS oldest_unprocessed_at,
            c.last_error, c.last_error_at, c.updated_at,
            c.rebuild_started_at, c.rebuild_processed::text AS rebuild_processed, c.rebuild_target::text AS rebuild_target
       FROM projection_checkpoints c
      WHERE c.name = ANY($1::text[])
      ORDER BY c.name`,
    [names],
  );
  const now = Date.now();
  return rows.map((row) => ({
    name: row.name,
    status: row.status,
    checkpoint: checkpointFromRow(row),
    lagEvents: Number(row.lag_events),
    lagSeconds: row.oldest_unprocessed_at ? Math.max(0, (now - row.oldest_unprocessed_at.getTime()) / 1000) : 0,
    lastError: row.last_error,
    lastErrorAt: row.last_error_at,
    updatedAt: row.updated_at,
    rebuild: row.rebuild_started_at
      ? { startedAt: row.rebuild_started_at, processed: Number(row.rebuild_processed), target: Number(row.rebuild_target) }
      : null,
  }));
}
