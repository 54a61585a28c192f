import type { DataSource } from 'typeorm';
import { isDatabaseUnavailable } from '../common/errors/database-unavailable';
import { compareCheckpoints } from './checkpoint';
import { EventNotificationListener } from './event-notifications';
import { concerns, typesInNotification } from './events-channel';
import { readCommittedHead, refreshEventStatistics } from './global-order';
import { runCountedProjectionBatch } from './projection-batch';
import { ensureCheckpoints, readCheckpoint, recordFailure } from './projection-checkpoints';
import { ProjectionRebuilder, RebuildOptions, RebuildResult } from './projection-rebuilder';
import type { ProjectionRegistry } from './projection-registry';
import { ProcessProjectionStatus, readProjectionStatuses } from './projection-status';
import { ProjectionSubscription, SubscriptionTiming } from './projection-subscription';

export interface ProjectionRunnerLogger {
  log?(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export interface ProjectionRunnerOptions extends Partial<SubscriptionTiming> {
  /** Events per live batch. */
  batchSize?: number;
  /** Events per rebuild batch; large, since a rebuild's writes are batched per call of `apply`. */
  rebuildBatchSize?: number;
  logger?: ProjectionRunnerLogger;
}

const DEFAULTS = {
  batchSize: 1_000,
  rebuildBatchSize: 5_000,
  pollIntervalMs: 1_000,
  retryInitialMs: 250,
  retryMaxMs: 30_000,
  // 200 ms under traffic only (an idle projection woken by one event runs at once): at hundreds of checkouts a
  // second each projection commits at most 5 batches a second, each of a few hundred events, and the store's
  // one thread spends its time on checkouts instead of per-batch round trips (ADR 045).
  minBatchIntervalMs: 200,
  // Under heavy traffic (a batch of 50 events or more), 500 ms: at 400 checkouts a second this halved the
  // database's transactions per order and took a fifth off its CPU per order (ADR 045, fourth step). The read
  // models then trail the log by up to half a second while such traffic lasts.
  busyBatchIntervalMs: 500,
  busyBatchEvents: 50,
};

const CAUGHT_UP_POLL_MS = 20;

/**
 * Runs every registered projection: one subscription each, woken by LISTEN/NOTIFY and polling as a
 * fallback. Any number of processes may run it; per-batch advisory locks make each projection advance in
 * one place at a time (see projection-lock.ts).
 */
export class ProjectionRunner {
  private readonly subscriptions = new Map<string, ProjectionSubscription>();
  /** Events each projection's live batches applied in this process (rebuilds not counted). */
  private readonly appliedHere = new Map<string, number>();
  private listener: EventNotificationListener | null = null;
  private started = false;
  private readonly rebuilder: ProjectionRebuilder;
  private readonly settings: typeof DEFAULTS;
  private readonly logger: ProjectionRunnerLogger;
  /** The database is out of reach and that has been said once; cleared by the next successful batch. */
  private databaseDownReported = false;
  /** Last failure message logged per projection, so a projection failing the same way is not logged each retry. */
  private readonly lastFailure = new Map<string, string>();

  constructor(
    private readonly dataSource: DataSource,
    private readonly registry: ProjectionRegistry,
    options: ProjectionRunnerOptions = {},
  ) {
    const { logger, ...rest } = options;
    this.settings = { ...DEFAULTS, ...definedOnly(rest) };
    this.logger = logger ?? console;
    this.rebuilder = new ProjectionRebuilder(dataSource, registry, this.settings.rebuildBatchSize);
  }

  get running(): boolean {
    return this.started;
  }

  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    const projections = this.registry.list();
    try {
      await ensureCheckpoints(this.dataSource.manager, projections.map((projection) => projection.name));
      await refreshEventStatistics(this.dataSource);
    } catch (error) {
      this.started = false;
      throw error;
    }
    for (const projection of projections) {
      const subscription = new ProjectionSubscription(
        async () => {
          const batch = await runCountedProjectionBatch(this.dataSource, projection, this.settings.batchSize, (applied) =>
            this.appliedHere.set(projection.name, (this.appliedHere.get(projection.name) ?? 0) + applied),
          );
          this.recovered(projection.name);
          return batch;
        },
        (error, failures) => this.reportFailure(projection.name, error, failures),
        this.settings,
      );
      this.subscriptions.set(projection.name, subscription);
      subscription.start();
    }
    this.listener = EventNotificationListener.forDataSource(
      this.dataSource,
      (payload) => this.wakeConcerned(typesInNotification(payload)),
      (error) => this.logger.warn(`event notifications interrupted, polling meanwhile and reconnecting: ${messageOf(error)}`),
      undefined,
      (downForMs) => {
        this.logger.log?.(`event notifications restored after ${(downForMs / 1000).toFixed(1)} s; projections retry now`);
        for (const subscription of this.subscriptions.values()) subscription.resume();
      },
    );
    await this.listener.start();
  }

  /** Stops listening and waits for batches in flight to commit or roll back. */
  async stop(): Promise<void> {
    await this.listener?.stop();
    this.listener = null;
    await Promise.all([...this.subscriptions.values()].map((subscription) => subscription.stop()));
    this.subscriptions.clear();
    this.started = false;
  }

  /**
   * Resolves once every registered projection's checkpoint (or only those named) has reached the last event
   * committed before the call, whichever process applied it. Rejects after `timeoutMs`, naming the projections behind.
   */
  async waitUntilCaughtUp(timeoutMs = 30_000, only?: readonly string[]): Promise<void> {
    const head = await readCommittedHead(this.dataSource.manager);
    if (!head) return;
    const deadline = Date.now() + timeoutMs;
    let behind = only ? [...only] : this.registry.list().map((projection) => projection.name);
    await ensureCheckpoints(this.dataSource.manager, behind);
    this.wakeAll();
    for (;;) {
      const checkpoints = await Promise.all(behind.map((name) => readCheckpoint(this.dataSource.manager, name)));
      behind = behind.filter((_, index) => compareCheckpoints(checkpoints[index], head) < 0);
      if (behind.length === 0) return;
      if (Date.now() > deadline) throw new Error(`projections not caught up after ${timeoutMs} ms: ${behind.join(', ')}`);
      await new Promise((resolve) => setTimeout(resolve, CAUGHT_UP_POLL_MS));
    }
  }

  /**
   * Each projection's checkpoint, lag and last error, plus what this process applied of it: across all the
   * processes running the projections, those counts add up to the projection's events, each applied once.
   */
  async status(): Promise<ProcessProjectionStatus[]> {
    const projections = this.registry.list();
    await ensureCheckpoints(this.dataSource.manager, projections.map((projection) => projection.name));
    const statuses = await readProjectionStatuses(this.dataSource.manager, projections);
    return statuses.map((status) => ({ ...status, eventsAppliedByThisProcess: this.appliedHere.get(status.name) ?? 0 }));
  }

  rebuild(name: string, options?: RebuildOptions): Promise<RebuildResult> {
    return this.rebuilder.rebuild(name, options);
  }

  rebuildAll(options?: RebuildOptions): Promise<RebuildResult[]> {
    return this.rebuilder.rebuildAll(options);
  }

  private wakeAll(): void {
    this.wakeConcerned(null);
  }

  /**
   * Wakes the projections that handle one of `types` (all of them for `null`). The others are not woken by
   * an append they ignore: their next poll moves their checkpoints past it in one or two statements.
   */
  private wakeConcerned(types: ReadonlySet<string> | null): void {
    for (const [name, subscription] of this.subscriptions) {
      if (concerns(this.registry.get(name).eventTypes, types)) subscription.wake();
    }
  }

  /**
   * A database out of reach is one warning for all projections, and is not recorded (it could not be); any
   * other failure is logged when its message changes and every 20th time in a row, and recorded each time.
   */
  private async reportFailure(name: string, error: unknown, failures: number): Promise<void> {
    const message = messageOf(error);
    if (isDatabaseUnavailable(error)) {
      if (!this.databaseDownReported) this.logger.warn(`database unavailable, projections retrying with backoff: ${message}`);
      this.databaseDownReported = true;
      return;
    }
    if (this.lastFailure.get(name) !== message || failures % 20 === 1) {
      this.logger.error(`projection ${name} failed (${failures} in a row), retrying: ${message}`);
    }
    this.lastFailure.set(name, message);
    await recordFailure(this.dataSource.manager, name, message);
  }

  private recovered(name: string): void {
    this.lastFailure.delete(name);
    if (!this.databaseDownReported) return;
    this.databaseDownReported = false;
    this.logger.log?.('database reachable again, projections resumed');
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Lets `{ batchSize: undefined }` fall back to the default instead of overriding it. */
function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as Partial<T>;
}
