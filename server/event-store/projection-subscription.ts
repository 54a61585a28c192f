import type { BatchOutcome } from './projection-batch';

export interface SubscriptionTiming {
  /** How long an idle subscription waits for a notification before looking anyway. */
  pollIntervalMs: number;
  /** First wait after a failure; doubled per consecutive failure up to `retryMaxMs`. */
  retryInitialMs: number;
  retryMaxMs: number;
  /**
   * Under steady traffic, the least time from one batch's start to the next one's (unless the last batch was
   * full): the events of many checkouts then go in one batch instead of one transaction each. An idle
   * subscription woken by a single event still runs at once.
   */
  minBatchIntervalMs?: number;
  /**
   * After a batch that applied at least `busyBatchEvents` events (heavy traffic), the least time to the next
   * batch's start instead of `minBatchIntervalMs`: fewer, larger batches while many events arrive, each
   * batch's fixed cost (its round trips and its commit) shared by more of them. Light traffic keeps the
   * shorter spacing, and a full batch ('more') is still followed at once.
   */
  busyBatchIntervalMs?: number;
  busyBatchEvents?: number;
}

/** What one batch did: its outcome, and how many events it applied when the caller counts them. */
export type SubscriptionBatch = BatchOutcome | { outcome: BatchOutcome; applied: number };

/**
 * Drives one projection: runs batches while there is work, sleeps until woken or the poll interval ends,
 * and after a failure reports it and retries with exponential backoff. Each projection has its own
 * subscription, so one failing never holds back another.
 */
export class ProjectionSubscription {
  private stopped = false;
  private woken = false;
  private resumed = false;
  private loop: Promise<void> | null = null;
  private interruptSleep: (() => void) | null = null;

  constructor(
    private readonly runBatch: () => Promise<SubscriptionBatch>,
    private readonly onFailure: (error: unknown, consecutiveFailures: number) => Promise<void>,
    private readonly timing: SubscriptionTiming,
  ) {}

  start(): void {
    this.loop ??= this.run();
  }

  /** New events may be there. A wake during a batch is remembered so the next sleep is skipped. */
  wake(): void {
    this.woken = true;
    this.interruptSleep?.();
  }

  /**
   * The database is reachable again (its notification connection reopened): retry now, even in the middle
   * of a backoff, which was waiting out the outage rather than a broken projection.
   */
  resume(): void {
    this.woken = true;
    this.resumed = true;
    this.interruptSleep?.();
  }

  /** Resolves once the batch in flight, if any, has committed or rolled back. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.interruptSleep?.();
    await this.loop;
  }

  private async run(): Promise<void> {
    let failures = 0;
    let lastStartedAt = Number.NEGATIVE_INFINITY;
    let lastOutcome: BatchOutcome = 'idle';
    let lastApplied = 0;
    while (!this.stopped) {
      try {
        const wait = this.spacingAfter(lastApplied) - (Date.now() - lastStartedAt);
        if (wait > 0 && lastOutcome !== 'more') {
          await this.sleep(wait, false);
          if (this.stopped) break;
        }
        this.woken = false;
        this.resumed = false;
        lastStartedAt = Date.now();
        const batch = await this.runBatch();
        const outcome = typeof batch === 'string' ? batch : batch.outcome;
        lastApplied = typeof batch === 'string' ? 0 : batch.applied;
        lastOutcome = outcome;
        failures = 0;
        if (outcome === 'idle' && !this.woken) await this.sleep(this.timing.pollIntervalMs, true);
      } catch (error) {
        failures += 1;
        await this.onFailure(error, failures).catch(() => undefined);
        const backoff = Math.min(this.timing.retryMaxMs, this.timing.retryInitialMs * 2 ** (failures - 1));
        // Notifications do not cut a backoff short: a broken projection would otherwise retry on every append.
        // A `resume` does, even one that came while the failed batch ran.
        if (!this.resumed) await this.sleep(backoff, false);
      }
    }
  }

  /** The least time from a batch's start to the next one's, after a batch that applied `applied` events. */
  private spacingAfter(applied: number): number {
    const { minBatchIntervalMs = 0, busyBatchIntervalMs, busyBatchEvents } = this.timing;
    return busyBatchIntervalMs !== undefined && busyBatchEvents !== undefined && applied >= busyBatchEvents ? busyBatchIntervalMs : minBatchIntervalMs;
  }

  private sleep(ms: number, wakeable: boolean): Promise<void> {
    // Stopped while a batch ran: `stop` found no sleep to cut short, so none may begin (it would hold the stop
    // for a whole poll interval).
    if (this.stopped) return Promise.resolve();
    return new Promise((resolve) => {
      const finish = (): void => {
        clearTimeout(timer);
        this.interruptSleep = null;
        resolve();
      };
      const timer = setTimeout(finish, ms);
      this.interruptSleep = () => {
        if (wakeable || this.stopped || this.resumed) finish();
      };
    });
  }
}
