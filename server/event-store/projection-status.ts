import type { EntityManager } from 'typeorm';
import { checkpointFromRow } from './checkpoint';
import type { GlobalCheckpoint } from './event-store.types';

/** What an ops screen shows for one projection. */
export interface ProjectionStatus {
  name: string;
  /** 'idle' before its first batch, 'running' after a successful one, 'failing' after a failed one. */
  status: string;
  checkpoint: GlobalCheckpoint;
  /**
   * Events after the checkpoint of the types the projection handles: events it ignores are never lag, even
   * before its checkpoint has moved past them (which it does at its next poll, not at each append).
   */
  lagEvents: number;
  /** Age of the oldest such event; 0 when caught up. */
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

/** `eventTypes` undefined: the projection handles every event. */
export async function readProjectionStatuses(
  manager: EntityManager,
  projections: ReadonlyArray<{ name: string; eventTypes?: readonly string[] }>,
): Promise<ProjectionStatus[]> {
  const handled = Object.fromEntries(projections.map((projection) => [projection.name, projection.eventTypes ?? null]));
  const rows: StatusRow[] = await manager.query(
    `WITH wanted AS (
       SELECT key AS name,
              CASE WHEN jsonb_typeof(value) = 'array' THEN ARRAY(SELECT jsonb_array_elements_text(value)) END AS types
         FROM jsonb_each($1::jsonb))
     SELECT c.name, c.status, c.transaction_id::text AS transaction_text, c.position::text AS position_text,
            (SELECT count(*) FROM events e
              WHERE (e.transaction_id, e.global_position) > (c.transaction_id, c.position)
                AND (w.types IS NULL OR e.type = ANY(w.types))) AS lag_events,
            (SELECT e.recorded_at FROM events e
              WHERE (e.transaction_id, e.global_position) > (c.transaction_id, c.position)
                AND (w.types IS NULL OR e.type = ANY(w.types))
              ORDER BY e.transaction_id, e.global_position LIMIT 1) AS oldest_unprocessed_at,
            c.last_error, c.last_error_at, c.updated_at,
            c.rebuild_started_at, c.rebuild_processed::text AS rebuild_processed, c.rebuild_target::text AS rebuild_target
       FROM projection_checkpoints c
       JOIN wanted w ON w.name = c.name
      ORDER BY c.name`,
    [JSON.stringify(handled)],
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
