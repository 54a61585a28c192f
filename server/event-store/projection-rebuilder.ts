import type { DataSource, EntityManager } from 'typeorm';
import { START } from './checkpoint';
import type { GlobalCheckpoint } from './event-store.types';
import { readCommittedHead, readSafeBatch, refreshEventStatistics } from './global-order';
import { Projection, projectionContext, REBUILD_SUFFIX } from './projection';
import { notifyReadModelChanged } from './projection-batch';
import { clearRebuild, ensureCheckpoints, recordRebuildProgress, recordRebuildStart, setCheckpoint } from './projection-checkpoints';
import { lockProjection } from './projection-lock';
import type { ProjectionRegistry } from './projection-registry';
import { createEmptyCopy, dropTable, swapInCopy } from './table-swap';

export interface RebuildProgress {
  projection: string;
  phase: 'copying' | 'swapped';
  /** Events applied to the copies so far. */
  processed: number;
  /** Global position the copies have been read up to; with `target`, how far the rebuild has come. */
  position: bigint;
  /** Global position of the last committed event when the rebuild started: a target for a progress bar. */
  target: bigint;
}

export interface RebuildOptions {
  onProgress?: (progress: RebuildProgress) => void;
}

export interface RebuildResult {
  projection: string;
  processed: number;
  durationMs: number;
  eventsPerSecond: number;
}

/** How long the swap may wait for readers of a serving table before giving up rather than queueing them all. */
const SWAP_LOCK_TIMEOUT = '10s';

/**
 * Rebuilds a projection without downtime: fills fresh copies of its tables from position zero in short
 * transactions while the live runner keeps the serving tables current, then, under the projection's lock
 * and in one short transaction, applies the last events, swaps the copies in and moves the checkpoint to
 * where the copies end. The serving tables are never truncated.
 */
export class ProjectionRebuilder {
  private readonly running = new Set<string>();

  constructor(
    private readonly dataSource: DataSource,
    private readonly registry: ProjectionRegistry,
    private readonly batchSize: number,
  ) {}

  async rebuild(name: string, options: RebuildOptions = {}): Promise<RebuildResult> {
    const projection = this.registry.get(name);
    if (this.running.has(name)) throw new Error(`projection ${name} is already being rebuilt`);
    this.running.add(name);
    const started = Date.now();
    try {
      const target = await this.prepareCopies(projection);
      const report = (phase: RebuildProgress['phase'], processed: number, at: bigint) =>
        options.onProgress?.({ projection: name, phase, processed, position: at, target });
      let processed = 0;
      let position: GlobalCheckpoint = START;
      for (;;) {
        const step = await this.dataSource.transaction((manager) => this.copyBatch(manager, projection, position, processed));
        processed += step.applied;
        position = step.scannedTo;
        report('copying', processed, position.position);
        if (step.applied < this.batchSize) break;
      }
      processed += await this.swap(projection, position);
      report('swapped', processed, target);
      const durationMs = Date.now() - started;
      return { projection: name, processed, durationMs, eventsPerSecond: Math.round(processed / Math.max(durationMs / 1000, 0.001)) };
    } catch (error) {
      await this.abandon(projection);
      throw error;
    } finally {
      this.running.delete(name);
    }
  }

  async rebuildAll(options: RebuildOptions = {}): Promise<RebuildResult[]> {
    const results: RebuildResult[] = [];
    for (const projection of this.registry.list()) results.push(await this.rebuild(projection.name, options));
    return results;
  }

  private async prepareCopies(projection: Projection): Promise<bigint> {
    await refreshEventStatistics(this.dataSource);
    return this.dataSource.transaction(async (manager) => {
      // Without its row the swap could not record where the copies end, and the runner would replay everything.
      await ensureCheckpoints(manager, [projection.name]);
      for (const table of projection.tables) await createEmptyCopy(manager, table, table + REBUILD_SUFFIX);
      const head = await readCommittedHead(manager);
      const target = head?.position ?? 0n;
      await recordRebuildStart(manager, projection.name, target);
      return target;
    });
  }

  private async copyBatch(
    manager: EntityManager,
    projection: Projection,
    after: GlobalCheckpoint,
    processedBefore: number,
  ): Promise<{ applied: number; scannedTo: GlobalCheckpoint }> {
    const batch = await readSafeBatch(manager, { after, limit: this.batchSize, types: projection.eventTypes });
    if (batch.events.length > 0) await projection.apply(batch.events, projectionContext(manager, projection, REBUILD_SUFFIX));
    await recordRebuildProgress(manager, projection.name, processedBefore + batch.events.length);
    return { applied: batch.events.length, scannedTo: batch.scannedTo };
  }

  /**
   * The swap, tried again when PostgreSQL ends it for a deadlock or a lock it waited too long for: the swap
   * renames tables that checkouts and projections write to, and under traffic one of them can hold a lock the
   * swap needs while waiting for one the swap holds. The failed try rolled back whole (the copies keep what
   * was copied before it), so the next try starts from the same position.
   */
  private async swap(projection: Projection, from: GlobalCheckpoint): Promise<number> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await this.swapOnce(projection, from);
      } catch (error) {
        if (attempt >= SWAP_ATTEMPTS || !isLockConflict(error)) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
      }
    }
  }

  /** The one transaction that holds the projection's lock: the live runner pauses only for its duration. */
  private swapOnce(projection: Projection, from: GlobalCheckpoint): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      await manager.query(`SET LOCAL lock_timeout = '${SWAP_LOCK_TIMEOUT}'`);
      await lockProjection(manager, projection.name);
      let applied = 0;
      let position = from;
      for (;;) {
        const batch = await readSafeBatch(manager, { after: position, limit: this.batchSize, types: projection.eventTypes });
        if (batch.events.length > 0) {
          await projection.apply(batch.events, projectionContext(manager, projection, REBUILD_SUFFIX));
        }
        applied += batch.events.length;
        position = batch.scannedTo;
        if (batch.events.length < this.batchSize) break;
      }
      for (const table of projection.tables) await swapInCopy(manager, table, table + REBUILD_SUFFIX);
      await setCheckpoint(manager, projection.name, position);
      await clearRebuild(manager, projection.name);
      await notifyReadModelChanged(manager, projection.name);
      return applied;
    });
  }

  /** A failed rebuild leaves the serving tables as they were and removes its copies. */
  private async abandon(projection: Projection): Promise<void> {
    await this.dataSource
      .transaction(async (manager) => {
        for (const table of projection.tables) await dropTable(manager, table + REBUILD_SUFFIX);
        await clearRebuild(manager, projection.name);
      })
      .catch(() => undefined);
  }
}

const SWAP_ATTEMPTS = 5;

/** PostgreSQL's deadlock_detected (40P01) and lock_not_available (55P03, the swap's lock_timeout). */
function isLockConflict(error: unknown): boolean {
  const code = (error as { driverError?: { code?: string }; code?: string }).driverError?.code ?? (error as { code?: string }).code;
  return code === '40P01' || code === '55P03';
}
