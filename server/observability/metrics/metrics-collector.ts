import { Inject, Injectable, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import type { Pool } from 'pg';
import { DataSource } from 'typeorm';
import { EventStore } from '../../event-store/event-store';
import { ProjectionRunner } from '../../event-store/projection-runner';
import { OutboxChannels } from '../../outbox/outbox-channels';
import { readOutboxLag } from './outbox-lag';
import { readQueueDepths } from './queue-tables';
import { StoreMetrics } from './store-metrics';

/**
 * Fills the gauges that are read, not counted, when a scrape asks: projection lag (from the checkpoints, the
 * same numbers as the console's projections screen), the lag and backlog of every message channel registered
 * with OutboxChannels, queue depths, the pool. Counts events as they commit.
 * A scrape while the database is away still answers, with the process's own metrics and `store_dependency_up`.
 */
@Injectable()
export class MetricsCollector implements OnModuleInit, OnModuleDestroy {
  private unsubscribe: (() => void) | undefined;

  constructor(
    @Inject(StoreMetrics) private readonly metrics: StoreMetrics,
    private readonly dataSource: DataSource,
    private readonly eventStore: EventStore,
    private readonly runner: ProjectionRunner,
    private readonly channels: OutboxChannels,
  ) {}

  onModuleInit(): void {
    this.unsubscribe = this.eventStore.onAppended((events) => {
      for (const event of events) this.metrics.eventsAppended.inc({ type: event.type });
    });
  }

  onModuleDestroy(): void {
    this.unsubscribe?.();
  }

  async refresh(): Promise<void> {
    this.readPool();
    try {
      await Promise.all([this.readProjections(), this.readQueues(), this.readOutboxes()]);
      this.metrics.up.set({ dependency: 'database' }, 1);
    } catch {
      this.metrics.up.set({ dependency: 'database' }, 0);
    }
  }

  private readPool(): void {
    const pool = (this.dataSource.driver as unknown as { master?: Pool }).master;
    if (!pool) return;
    this.metrics.dbPoolConnections.set({ state: 'total' }, pool.totalCount);
    this.metrics.dbPoolConnections.set({ state: 'idle' }, pool.idleCount);
    this.metrics.dbPoolConnections.set({ state: 'in_use' }, pool.totalCount - pool.idleCount);
    this.metrics.dbPoolConnections.set({ state: 'waiting' }, pool.waitingCount);
    const max = (pool as Pool & { options?: { max?: number } }).options?.max;
    if (max !== undefined) this.metrics.dbPoolMax.set(max);
  }

  private async readProjections(): Promise<void> {
    for (const projection of await this.runner.status()) {
      const labels = { projection: projection.name };
      this.metrics.projectionLagEvents.set(labels, projection.lagEvents);
      this.metrics.projectionLagSeconds.set(labels, Math.round(projection.lagSeconds * 1000) / 1000);
      this.metrics.projectionEventsApplied.set(labels, projection.eventsAppliedByThisProcess);
      this.metrics.projectionFailing.set(labels, projection.status === 'failing' ? 1 : 0);
    }
  }

  private async readOutboxes(): Promise<void> {
    for (const lag of await readOutboxLag(this.dataSource, this.channels.list())) {
      const labels = { channel: lag.channel, subscription: lag.subscription };
      this.metrics.outboxLagEvents.set(labels, lag.lagEvents);
      this.metrics.outboxLagSeconds.set(labels, Math.round(lag.lagSeconds * 1000) / 1000);
      this.metrics.outboxFailing.set(labels, lag.failing);
      this.metrics.outboxUndelivered.set({ channel: lag.channel }, lag.undelivered);
      this.metrics.outboxOldestUndeliveredSeconds.set({ channel: lag.channel }, Math.round(lag.oldestUndeliveredSeconds * 1000) / 1000);
    }
  }

  private async readQueues(): Promise<void> {
    for (const row of await readQueueDepths(this.dataSource)) {
      for (const state of ['pending', 'sending', 'failed', 'dead'] as const) this.metrics.queueJobs.set({ queue: row.queue, state }, row[state]);
    }
  }
}
