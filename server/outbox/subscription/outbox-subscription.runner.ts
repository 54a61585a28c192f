import type { Logger } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { isDatabaseUnavailable } from '../../common/errors/database-unavailable';
import { EventNotificationListener } from '../../event-store/event-notifications';
import { concerns, typesInNotification } from '../../event-store/events-channel';
import type { Projection } from '../../event-store/projection';
import { runCountedProjectionBatch } from '../../event-store/projection-batch';
import { ensureCheckpoints, recordFailure } from '../../event-store/projection-checkpoints';
import { ProjectionSubscription } from '../../event-store/projection-subscription';

/**
 * Backoff after a failed batch (Redis away): short enough that messages resume within seconds of recovery.
 * Batches are spaced like the projections' under traffic, more widely under heavy traffic (ADR 045): a busy
 * second's messages go out in a few batches, not one per checkout.
 */
const TIMING = { pollIntervalMs: 1_000, retryInitialMs: 250, retryMaxMs: 5_000, minBatchIntervalMs: 200, busyBatchIntervalMs: 500, busyBatchEvents: 50 };
const BATCH_SIZE = 200;

/**
 * Runs a channel's subscription (mail, SMS) in this process: woken by NOTIFY on append, polling as a
 * fallback. The subscription is a projection over the log that is deliberately not registered with the
 * ProjectionRegistry, so a rebuild never replays it.
 */
export class OutboxSubscriptionRunner {
  private subscription: ProjectionSubscription | undefined;
  private listener: EventNotificationListener | undefined;

  constructor(
    private readonly dataSource: DataSource,
    private readonly projection: Projection,
    private readonly logger: Logger,
  ) {}

  async start(): Promise<void> {
    await ensureCheckpoints(this.dataSource.manager, [this.projection.name]);
    let lastMessage = '';
    this.subscription = new ProjectionSubscription(
      () => runCountedProjectionBatch(this.dataSource, this.projection, BATCH_SIZE),
      async (error, failures) => {
        const message = error instanceof Error ? error.message : String(error);
        const databaseDown = isDatabaseUnavailable(error);
        // Connection errors differ in wording from try to try; an outage of the database is said once.
        const kind = databaseDown ? 'database unavailable' : message;
        if (kind !== lastMessage || failures % 20 === 1) {
          this.logger.warn(`${this.projection.name} failed (${failures} in a row), retrying: ${message}`);
        }
        lastMessage = kind;
        // Nothing can be recorded while the database is away.
        if (!databaseDown) await recordFailure(this.dataSource.manager, this.projection.name, message);
      },
      TIMING,
    );
    this.subscription.start();
    this.listener = EventNotificationListener.forDataSource(
      this.dataSource,
      // Woken only by appends of an event type it handles; its poll moves its checkpoint past the others.
      (payload) => {
        if (concerns(this.projection.eventTypes, typesInNotification(payload))) this.subscription?.wake();
      },
      () => undefined, // the subscription's own failures say it
      undefined,
      () => this.subscription?.resume(),
    );
    await this.listener.start();
  }

  async stop(): Promise<void> {
    await this.listener?.stop();
    await this.subscription?.stop();
  }
}
