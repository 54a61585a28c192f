import type { DataSource, EntityManager } from 'typeorm';
import { compareCheckpoints } from './checkpoint';
import { eventWindowOf } from './event-window';
import { Projection, projectionContext } from './projection';
import { commitCheckpoint, lockAndReadCheckpoint, probeCheckpoint, skipToCheckpoint } from './projection-checkpoints';

/** NOTIFY channel whose payload names a read model (projection or state-stored table set) that changed. */
export const READ_MODELS_CHANNEL = 'read_models';

/** Called in the transaction that changed the read model, so listeners hear of it only once it is committed. */
export async function notifyReadModelChanged(manager: EntityManager, projectionName: string): Promise<void> {
  await manager.query('SELECT pg_notify($1, $2)', [READ_MODELS_CHANNEL, projectionName]);
}

/** 'more': call again at once. 'idle': caught up, or another process holds the projection. */
export type BatchOutcome = 'more' | 'idle';

/**
 * `runProjectionBatch`, answering also how many events it applied (0 when it committed none): what a
 * subscription spaces its next batch by (ProjectionSubscription, `busyBatchEvents`).
 */
export async function runCountedProjectionBatch(
  dataSource: DataSource,
  projection: Projection,
  batchSize: number,
  onCommitted?: (appliedEvents: number) => void,
): Promise<{ outcome: BatchOutcome; applied: number }> {
  let applied = 0;
  const outcome = await runProjectionBatch(dataSource, projection, batchSize, (count) => {
    applied = count;
    onCommitted?.(count);
  });
  return { outcome, applied };
}

/**
 * One step of a live projection. First one statement, outside any transaction, reads the checkpoint, the
 * safe head and whether an event the projection handles lies between them:
 * - nothing new: done ('idle');
 * - only events it ignores: one more statement moves the checkpoint to the head, by compare-and-set and only
 *   if the projection's lock is free (see `skipToCheckpoint`); no transaction, nothing applied;
 * - otherwise, in one transaction: take the projection's lock, read the events after its checkpoint (read
 *   again under the lock; from the process's window of the log, see event-window.ts), apply them to the
 *   serving tables and compare-and-set the checkpoint. A crash anywhere rolls back the writes with the
 *   checkpoint, so the next batch starts where the last committed one ended.
 */
export async function runProjectionBatch(
  dataSource: DataSource,
  projection: Projection,
  batchSize: number,
  /** Told how many events this call applied, once they are committed (per-process counts for operators and tests). */
  onCommitted?: (appliedEvents: number) => void,
): Promise<BatchOutcome> {
  const probe = await probeCheckpoint(dataSource.manager, projection.name, projection.eventTypes);
  if (!probe.head || compareCheckpoints(probe.head, probe.checkpoint) <= 0) return 'idle';
  if (!probe.handledEventsPending) {
    await skipToCheckpoint(dataSource.manager, projection.name, probe.checkpoint, probe.head);
    return 'idle';
  }
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    // PostgreSQL's default isolation, READ COMMITTED: each statement sees what committed before it (the
    // checkpoint read under the lock). Named, TypeORM would spend a statement of its own setting it.
    await runner.startTransaction();
    const { manager } = runner;
    const from = await lockAndReadCheckpoint(manager, projection.name);
    if (!from) {
      await runner.rollbackTransaction();
      return 'idle';
    }
    // The process's window of the log answers most batches from memory: each event is read once for all (ADR 070).
    const batch = await eventWindowOf(dataSource).readBatch(manager, { after: from, limit: batchSize, types: projection.eventTypes, head: probe.head });
    if (compareCheckpoints(batch.scannedTo, from) <= 0) {
      await runner.rollbackTransaction();
      return 'idle';
    }
    if (batch.events.length > 0) await projection.apply(batch.events, projectionContext(manager, projection));
    const changed = batch.events.length > 0 ? { channel: READ_MODELS_CHANNEL } : null;
    if (!(await commitCheckpoint(manager, projection.name, from, batch.scannedTo, changed))) {
      await runner.rollbackTransaction();
      return 'more';
    }
    await runner.commitTransaction();
    onCommitted?.(batch.events.length);
    // Short of the head it was asked for (a full batch, or the window's read stopped before it): more to do.
    return compareCheckpoints(batch.scannedTo, probe.head) < 0 ? 'more' : 'idle';
  } catch (error) {
    if (runner.isTransactionActive) await runner.rollbackTransaction().catch(() => undefined);
    throw error;
  } finally {
    await runner.release();
  }
}
