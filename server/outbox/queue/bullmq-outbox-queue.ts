import type { Logger } from '@nestjs/common';
import { Queue, UnrecoverableError, Worker } from 'bullmq';
import IORedis from 'ioredis';
import type { DataSource } from 'typeorm';
import { OutboxDelivery, SendFailedError } from '../delivery/outbox-delivery';
import type { OutboxJobData } from '../outbox-channel';
import { OutboxQueue, withTimeout } from './outbox-queue';

const ENQUEUE_TIMEOUT_MS = 5_000;
const CLOSE_TIMEOUT_MS = 3_000;
const RESWEEP_INTERVAL_MS = 30_000;
/** After Redis (re)connects, BullMQ's queue needs a moment to be usable again. */
const RECONNECT_SWEEP_DELAY_MS = 500;
const SWEEP_PAGE = 500;

/**
 * A channel's BullMQ queue (`mail`, `sms`), job id = event id (a second add of the same event is ignored by BullMQ). An add
 * fails within seconds while Redis is away, so the subscription's batch rolls back and is retried with
 * backoff until Redis is back; nothing is lost meanwhile, the log keeps the event.
 */
export class BullMqOutboxQueue implements OutboxQueue {
  readonly mode = 'redis';
  private readonly producerConnection: IORedis;
  private readonly queue: Queue<OutboxJobData>;
  private worker: Worker<OutboxJobData> | undefined;
  private workerConnection: IORedis | undefined;
  private resweeper: NodeJS.Timeout | undefined;
  private reconnectSweep: NodeJS.Timeout | undefined;

  constructor(
    private readonly redisUrl: string,
    private readonly delivery: OutboxDelivery,
    private readonly dataSource: DataSource,
    private readonly logger: Logger,
  ) {
    const channel = delivery.channel;
    // One retry per command, then an error: an add during an outage fails within seconds (or hits the
    // enqueue timeout) instead of waiting forever. (With enableOfflineQueue off, BullMQ's queue never
    // recovers from a first failed initialisation, so the offline queue stays on.)
    this.producerConnection = new IORedis(redisUrl, { maxRetriesPerRequest: 1, connectTimeout: 2_000 });
    this.producerConnection.on('error', () => undefined); // reported through failed enqueues
    // A Redis that comes back may have come back empty (restarted without persistence): the jobs of messages
    // not sent yet died with it. Add them again as soon as it answers, not a minute later.
    this.producerConnection.on('ready', () => {
      if (!this.worker) return;
      clearTimeout(this.reconnectSweep);
      this.reconnectSweep = setTimeout(() => void this.resweep('reconnected'), RECONNECT_SWEEP_DELAY_MS);
      this.reconnectSweep.unref();
    });
    this.queue = new Queue<OutboxJobData>(channel.queue, {
      connection: this.producerConnection,
      defaultJobOptions: {
        attempts: channel.maxAttempts,
        backoff: { type: 'exponential', delay: channel.backoffBaseMs },
        removeOnComplete: { age: 24 * 60 * 60, count: 10_000 },
        // The delivery row keeps a message's state and history. A job left in BullMQ's failed set would keep its
        // id (the event id) taken, and the sweeps could not add the message again, say after its tries ran out
        // during a long database outage, for as long as the failed job was kept.
        removeOnFail: true,
      },
    });
    this.queue.on('error', () => undefined);
  }

  async enqueue(jobs: OutboxJobData[]): Promise<void> {
    if (jobs.length === 0) return;
    try {
      await withTimeout(
        this.queue.addBulk(jobs.map((job) => ({ name: job.eventType, data: job, opts: { jobId: job.eventId } }))),
        ENQUEUE_TIMEOUT_MS,
        `adding ${this.delivery.channel.name} jobs to Redis`,
      );
    } catch (error) {
      // Without the cause: ioredis's ECONNREFUSED must not read as the database being away.
      throw new Error(`${this.delivery.channel.name} queue (Redis) unavailable: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  startWorker(): void {
    if (this.worker) return;
    this.workerConnection = new IORedis(this.redisUrl, { maxRetriesPerRequest: null, connectTimeout: 2_000 });
    this.workerConnection.on('error', () => undefined);
    this.worker = new Worker<OutboxJobData>(
      this.delivery.channel.queue,
      async (job) => {
        try {
          const outcome = await this.delivery.deliver(job.data.eventId);
          if (outcome === 'busy') throw new Error('another worker is sending this message right now');
          return outcome;
        } catch (error) {
          if (error instanceof SendFailedError && error.dead) throw new UnrecoverableError(error.message);
          throw error;
        }
      },
      { connection: this.workerConnection, concurrency: this.delivery.channel.workerConcurrency },
    );
    let lastWorkerError = '';
    this.worker.on('error', (error) => {
      // ioredis repeats the same connection error on every reconnect attempt; say it once.
      if (error.message !== lastWorkerError) this.logger.warn(`${this.delivery.channel.name} worker: ${error.message}`);
      lastWorkerError = error.message;
    });
    this.worker.on('failed', (job, error) => this.logger.warn(`${this.delivery.channel.name} job ${job?.id ?? '?'} failed, will retry: ${error.message}`));
    this.worker.on('completed', () => (lastWorkerError = ''));
    this.resweeper = setInterval(() => void this.resweep(), RESWEEP_INTERVAL_MS);
    this.resweeper.unref();
  }

  /**
   * Jobs Redis lost (restarted without persistence) are added again from the deliveries still open, each
   * delayed until its row's next attempt. Adding is harmless when the job is still there (same job id, BullMQ
   * ignores it) and a message already sent is never sent again (OutboxDelivery checks its row). Periodically, only
   * rows overdue by a minute; right after a reconnect, every open row.
   */
  private async resweep(reason: 'periodic' | 'reconnected' = 'periodic'): Promise<void> {
    try {
      let after = '00000000-0000-0000-0000-000000000000';
      let added = 0;
      for (;;) {
        const rows: Array<{ event_id: string; event_type: string; delay_ms: number }> = await this.dataSource.query(
          `SELECT event_id, event_type, greatest(0, extract(epoch FROM next_attempt_at - now()) * 1000)::int AS delay_ms
             FROM ${this.delivery.channel.table}
            WHERE status IN ('pending', 'failed') AND event_id > $1
              AND ($2 OR next_attempt_at < now() - interval '1 minute')
            ORDER BY event_id LIMIT $3`,
          [after, reason === 'reconnected', SWEEP_PAGE],
        );
        if (rows.length === 0) break;
        await withTimeout(
          this.queue.addBulk(
            rows.map((row) => ({
              name: row.event_type,
              data: { eventId: row.event_id, eventType: row.event_type },
              opts: { jobId: row.event_id, delay: row.delay_ms },
            })),
          ),
          ENQUEUE_TIMEOUT_MS,
          `re-adding ${this.delivery.channel.name} jobs to Redis`,
        );
        added += rows.length;
        after = rows[rows.length - 1].event_id;
        if (rows.length < SWEEP_PAGE) break;
      }
      if (added > 0 && reason === 'reconnected') this.logger.log(`Redis is back: re-added ${added} open ${this.delivery.channel.name} job(s) (kept if still queued)`);
    } catch {
      // Redis or PostgreSQL away: the next sweep tries again.
    }
  }

  async stop(): Promise<void> {
    clearInterval(this.resweeper);
    clearTimeout(this.reconnectSweep);
    // With Redis away no job can finish, and waiting for them would leave BullMQ's lock timer and its own
    // reconnecting connections running after we are gone (they kept test runs and shutdowns from ending).
    const redisAway = this.workerConnection !== undefined && this.workerConnection.status !== 'ready';
    const closing = [this.worker?.close(redisAway), this.queue.close()].filter(Boolean) as Array<Promise<void>>;
    await withTimeout(Promise.all(closing), CLOSE_TIMEOUT_MS, `closing the ${this.delivery.channel.name} queue`).catch(async () => {
      await Promise.allSettled([this.worker?.disconnect(), this.queue.disconnect()]);
    });
    this.workerConnection?.disconnect();
    this.producerConnection.disconnect();
  }
}
