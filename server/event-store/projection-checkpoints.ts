import type { EntityManager } from 'typeorm';
import { checkpointFromRow } from './checkpoint';
import type { GlobalCheckpoint } from './event-store.types';

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
 * Moves the checkpoint only if it is still where this batch read it; `false` means another writer moved it
 * and the batch must roll back. Success also clears the last error: the projection is healthy again.
 */
export async function compareAndSetCheckpoint(
  manager: EntityManager,
  name: string,
  expected: GlobalCheckpoint,
  next: GlobalCheckpoint,
): Promise<boolean> {
  const [, affected]: [unknown, number] = await manager.query(
    `UPDATE projection_checkpoints
        SET transaction_id = $4::xid8, position = $5, updated_at = now(), status = 'running', last_error = NULL
      WHERE name = $1 AND transaction_id = $2::xid8 AND position = $3`,
    [name, expected.transactionId.toString(), expected.position.toString(), next.transactionId.toString(), next.position.toString()],
  );
  return affected === 1;
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
