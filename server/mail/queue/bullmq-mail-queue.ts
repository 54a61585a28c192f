import type { Logger } from '@nestjs/common';
import { Queue, UnrecoverableError, Worker } from 'bullmq';
import IORedis from 'ioredis';
import type { DataSource } from 'typeorm';
import { MailDelivery, MailSendFailedError } from '../delivery/mail-delivery';
import { MAIL_BACKOFF_BASE_MS, MAIL_QUEUE, MailJobData, MAX_MAIL_ATTEMPTS } from '../mail-events';
import { MailQueue, withTimeout } from './mail-queue';

const ENQUEUE_TIMEOUT_MS = 5_000;
const CLOSE_TIMEOUT_MS = 3_000;
const RESWEEP_INTERVAL_MS = 30_000;

/**
 * BullMQ queue `mail`, job id = event id (a second add of the same event is ignored by BullMQ). An add
 * fails within seconds while Redis is away, so the subscription's batch rolls back and is retried with
 * backoff until Redis is back; nothing is lost meanwhile, the log keeps the event.
 */
export class BullMqMailQueue implements MailQueue {
  readonly mode = 'redis';
  private readonly producerConnection: IORedis;
  private readonly queue: Queue<MailJobData>;
  private worker: Worker<MailJobData> | undefined;
  private workerConnection: IORedis | undefined;
  private resweeper: NodeJS.Timeout | undefined;

  constructor(
    private readonly redisUrl: string,
    private readonly delivery: MailDelivery,
    private readonly dataSource: DataSource,
    private readonly logger: Logger,
  ) {
    // One retry per command, then an error: an add during an outage fails within seconds (or hits the
    // enqueue timeout) instead of waiting forever. (With enableOfflineQueue off, BullMQ's queue never
    // recovers from a first failed initialisation, so the offline queue stays on.)
    this.producerConnection = new IORedis(redisUrl, { maxRetriesPerRequest: 1, connectTimeout: 2_000 });
    this.producerConnection.on('error', () => undefined); // reported through failed enqueues
    this.queue = new Queue<MailJobData>(MAIL_QUEUE, {
      connection: this.producerConnection,
      defaultJobOptions: {
        attempts: MAX_MAIL_ATTEMPTS,
        backoff: { type: 'exponential', delay: MAIL_BACKOFF_BASE_MS },
        removeOnComplete: { age: 24 * 60 * 60, count: 10_000 },
        removeOnFail: { age: 7 * 24 * 60 * 60 },
      },
    });
    this.queue.on('error', () => undefined);
  }

  async enqueue(jobs: MailJobData[]): Promise<void> {
    if (jobs.length === 0) return;
    await withTimeout(
      this.queue.addBulk(jobs.map((job) => ({ name: job.eventType, data: job, opts: { jobId: job.eventId } }))),
      ENQUEUE_TIMEOUT_MS,
      'adding mail jobs to Redis',
    );
  }

  startWorker(): void {
    if (this.worker) return;
    this.workerConnection = new IORedis(this.redisUrl, { maxRetriesPerRequest: null, connectTimeout: 2_000 });
    this.workerConnection.on('error', () => undefined);
    this.worker = new Worker<MailJobData>(
      MAIL_QUEUE,
      async (job) => {
        try {
          const outcome = await this.delivery.deliver(job.data.eventId);
          if (outcome === 'busy') throw new Error('another worker is sending this mail right now');
          return outcome;
        } catch (error) {
          if (error instanceof MailSendFailedError && error.dead) throw new UnrecoverableError(error.message);
          throw error;
        }
      },
      { connection: this.workerConnection, concurrency: 5 },
    );
    let lastWorkerError = '';
    this.worker.on('error', (error) => {
      // ioredis repeats the same connection error on every reconnect attempt; say it once.
      if (error.message !== lastWorkerError) this.logger.warn(`mail worker: ${error.message}`);
      lastWorkerError = error.message;
    });
    this.worker.on('failed', (job, error) => this.logger.warn(`mail job ${job?.id ?? '?'} failed, will retry: ${error.message}`));
    this.worker.on('completed', () => (lastWorkerError = ''));
    this.resweeper = setInterval(() => void this.resweep(), RESWEEP_INTERVAL_MS);
    this.resweeper.unref();
  }

  /** Jobs Redis lost (restarted without persistence) are added again from the deliveries still open. */
  private async resweep(): Promise<void> {
    try {
      const rows: Array<{ event_id: string; event_type: string }> = await this.dataSource.query(
        `SELECT event_id, event_type FROM mail_deliveries
          WHERE status IN ('pending', 'failed') AND next_attempt_at < now() - interval '1 minute'
          ORDER BY next_attempt_at LIMIT 100`,
      );
      await this.enqueue(rows.map((row) => ({ eventId: row.event_id, eventType: row.event_type })));
    } catch {
      // Redis or PostgreSQL away: the next sweep tries again.
    }
  }

  async stop(): Promise<void> {
    clearInterval(this.resweeper);
    const closing = [this.worker?.close(), this.queue.close()].filter(Boolean) as Array<Promise<void>>;
    await withTimeout(Promise.all(closing), CLOSE_TIMEOUT_MS, 'closing the mail queue').catch(() => undefined);
    this.workerConnection?.disconnect();
    this.producerConnection.disconnect();
  }
}
