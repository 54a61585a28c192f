import type { EntityManager } from 'typeorm';
import { checkpointFromRow } from './checkpoint';
import type { GlobalCheckpoint } from './event-store.types';
import { tryLockProjectionCondition } from './projection-lock';

/** Access to `projection_checkpoints`, one row per projection. xid8 travels as text both ways. */
export async function ensureCheckpoints(manager: EntityManager, names: string[]): Promise<void> {
  await manager.query(
    'INSERT INTO projection_checkpoints (name) SELECT unnest($1::text[]) ON CONFLICT (name) DO NOTHING',
    [names],
  );
}

export async function readCheckpoint(manager: EntityManager, name: string): Promise<GlobalCheckpoint> {
  const rows: Array<{ transaction_text: string; position_text: string }> = await manager.query(
    'SELECT transaction_id::text AS transaction_text, position::text AS position_text FROM projection_checkpoints WHERE name = $1',
    [name],
  );
  if (rows.length === 0) throw new Error(`projection ${name} has no checkpoint row`);
  return checkpointFromRow(rows[0]);
}

/**
 * A batch's compare-and-set, and with it (when the batch changed the read model) the notification that it
 * changed, sent on commit: one statement. `false`: another writer moved the checkpoint, nothing is sent.
 */
export function commitCheckpoint(
  manager: EntityManager,
  name: string,
  expected: GlobalCheckpoint,
  next: GlobalCheckpoint,
  notify: { channel: string } | null,
): Promise<boolean> {
  return moveCheckpoint(manager, name, expected, next, '', notify);
}

/**
 * Takes the projection's lock for the transaction, if free, and reads its checkpoint, in one statement.
 * The checkpoint is read from the statement's snapshot, taken just before the lock: a batch that committed in
 * between is not seen, so this batch's compare-and-set fails and it rolls back (and runs again) rather than
 * apply events twice.
 */
export async function lockAndReadCheckpoint(manager: EntityManager, name: string): Promise<GlobalCheckpoint | null> {
  const rows: Array<{ locked: boolean; transaction_text: string; position_text: string }> = await manager.query(
    `SELECT ${tryLockProjectionCondition('$1')} AS locked, transaction_id::text AS transaction_text, position::text AS position_text
       FROM projection_checkpoints WHERE name = $1`,
    [name],
  );
  if (rows.length === 0) throw new Error(`projection ${name} has no checkpoint row`);
  return rows[0].locked ? checkpointFromRow(rows[0]) : null;
}

/**
 * Moves the checkpoint past events the projection does not handle, in one statement outside a transaction:
 * a compare-and-set like a batch's, made only if the projection's lock is free, so it never moves the
 * checkpoint under a batch or a rebuild's swap (which sets the checkpoint without comparing). `false`: the
 * lock was held or the checkpoint had moved; whoever holds or moved it carries the projection on.
 */
export function skipToCheckpoint(
  manager: EntityManager,
  name: string,
  expected: GlobalCheckpoint,
  next: GlobalCheckpoint,
): Promise<boolean> {
  return moveCheckpoint(manager, name, expected, next, ` AND ${tryLockProjectionCondition('$1')}`, null);
}

/**
 * The one compare-and-set of a checkpoint: a batch's (with the read model's change notification, sent on
 * commit) and the skip's (with its extra condition, the projection's lock free, and nothing to tell).
 */
async function moveCheckpoint(
  manager: EntityManager,
  name: string,
  expected: GlobalCheckpoint,
  next: GlobalCheckpoint,
  andAlso: string,
  notify: { channel: string } | null,
): Promise<boolean> {
  const rows: Array<{ moved: number }> = await manager.query(
    `WITH moved AS (
       UPDATE projection_checkpoints
          SET transaction_id = $4::xid8, position = $5, updated_at = now(), status = 'running', last_error = NULL
        WHERE name = $1 AND transaction_id = $2::xid8 AND position = $3${andAlso}
        RETURNING name),
     told AS (SELECT pg_notify($6, name) FROM moved WHERE $6 IS NOT NULL)
     SELECT (SELECT count(*) FROM moved)::int AS moved, (SELECT count(*) FROM told)::int AS told`,
    [name, expected.transactionId.toString(), expected.position.toString(), next.transactionId.toString(), next.position.toString(), notify?.channel ?? null],
  );
  return rows[0].moved === 1;
}

/**
 * A projection's checkpoint, the safe head, and whether any event between them is of `types` (any event when
 * undefined), in one statement and one snapshot: what a live batch looks at before it opens a transaction.
 */
export interface CheckpointProbe {
  checkpoint: GlobalCheckpoint;
  head: GlobalCheckpoint | null;
  handledEventsPending: boolean;
}

export async function probeCheckpoint(manager: EntityManager, name: string, types?: readonly string[]): Promise<CheckpointProbe> {
  const rows: Array<{
    transaction_text: string;
    position_text: string;
    head_transaction_text: string | null;
    head_position_text: string | null;
    pending: boolean;
  }> = await manager.query(
    // The first handled event after the checkpoint, found by walking the global-order index from it: its
    // bounds come from the row, so a type filter the planner could use instead (events_type_idx, or a scan)
    // would read every event of those types; this walk reads only the events since the checkpoint.
    `SELECT c.transaction_id::text AS transaction_text, c.position::text AS position_text,
            h.transaction_id::text AS head_transaction_text, h.global_position::text AS head_position_text,
            p.found IS NOT NULL AS pending
       FROM projection_checkpoints c
       LEFT JOIN LATERAL (
             SELECT events.transaction_id, events.global_position FROM events
              WHERE events.transaction_id < pg_snapshot_xmin(pg_current_snapshot())
              ORDER BY events.transaction_id DESC, events.global_position DESC LIMIT 1) h ON true
       LEFT JOIN LATERAL (
             SELECT true AS found FROM events e
              WHERE (e.transaction_id, e.global_position) > (c.transaction_id, c.position)
                AND (e.transaction_id, e.global_position) <= (h.transaction_id, h.global_position)
                ${types ? 'AND e.type = ANY($2::text[])' : ''}
              ORDER BY e.transaction_id, e.global_position LIMIT 1) p ON true
      WHERE c.name = $1`,
    types ? [name, types] : [name],
  );
  if (rows.length === 0) throw new Error(`projection ${name} has no checkpoint row`);
  const [row] = rows;
  return {
    checkpoint: checkpointFromRow(row),
    head:
      row.head_transaction_text === null || row.head_position_text === null
        ? null
        : checkpointFromRow({ transaction_text: row.head_transaction_text, position_text: row.head_position_text }),
    handledEventsPending: row.pending,
  };
}

/** Used by the rebuild's swap, which holds the projection's lock and so needs no compare. */
export async function setCheckpoint(manager: EntityManager, name: string, next: GlobalCheckpoint): Promise<void> {
  await manager.query(
    `UPDATE projection_checkpoints SET transaction_id = $2::xid8, position = $3, updated_at = now() WHERE name = $1`,
    [name, next.transactionId.toString(), next.position.toString()],
  );
}

export async function recordFailure(manager: EntityManager, name: string, message: string): Promise<void> {
  await manager.query(
    `UPDATE projection_checkpoints SET status = 'failing', last_error = $2, last_error_at = now() WHERE name = $1`,
    [name, message],
  );
}

export async function recordRebuildStart(manager: EntityManager, name: string, target: bigint): Promise<void> {
  await manager.query(
    `UPDATE projection_checkpoints SET rebuild_started_at = now(), rebuild_processed = 0, rebuild_target = $2 WHERE name = $1`,
    [name, target.toString()],
  );
}

export async function recordRebuildProgress(manager: EntityManager, name: string, processed: number): Promise<void> {
  await manager.query('UPDATE projection_checkpoints SET rebuild_processed = $2 WHERE name = $1', [name, processed]);
}

export async function clearRebuild(manager: EntityManager, name: string): Promise<void> {
  await manager.query(
    'UPDATE projection_checkpoints SET rebuild_started_at = NULL, rebuild_processed = NULL, rebuild_target = NULL WHERE name = $1',
    [name],
  );
}
