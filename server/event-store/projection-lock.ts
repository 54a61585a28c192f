import type { EntityManager } from 'typeorm';

/**
 * One projection is run by one transaction at a time across every process: each batch takes a
 * transaction-level advisory lock on the projection and skips the batch if another process holds it. A
 * transaction lock, unlike a session lock held on a dedicated connection, cannot outlive a crashed batch or
 * leak through a pooled connection; the checkpoint's compare-and-set remains the final guard.
 *
 * The two-int4 key form lives in a different key space from the single bigint keys used for streams.
 */
const PROJECTION_LOCK_SPACE = 0x70726f6a; // 'proj'

/**
 * The same lock for a single statement outside a transaction (the statement's own transaction holds it):
 * a condition for its WHERE clause, `nameParameter` being the placeholder of the projection's name.
 */
export function tryLockProjectionCondition(nameParameter: string): string {
  return `pg_try_advisory_xact_lock(${PROJECTION_LOCK_SPACE}, hashtext(${nameParameter}))`;
}

export async function tryLockProjection(manager: EntityManager, name: string): Promise<boolean> {
  const rows: Array<{ locked: boolean }> = await manager.query(
    'SELECT pg_try_advisory_xact_lock($1::int, hashtext($2)) AS locked',
    [PROJECTION_LOCK_SPACE, name],
  );
  return rows[0].locked;
}

/** Waits for the running batch, if any, to finish; used by the rebuild's swap. */
export async function lockProjection(manager: EntityManager, name: string): Promise<void> {
  await manager.query('SELECT pg_advisory_xact_lock($1::int, hashtext($2))', [PROJECTION_LOCK_SPACE, name]);
}
