import type { Logger } from '@nestjs/common';
import { Queue, UnrecoverableError, Worker } from 'bullmq';
import IORedis from 'ioredis';
import type { DataSource } from 'typeorm';
import { OutboxDelivery, SendFailedError } from '../delivery/outbox-delivery';
import { backoffMs, type OutboxJobData } from '../outbox-channel';
import { OutboxQueue, withTimeout } from './outbox-queue';

const ENQUEUE_TIMEOUT_MS = 5_000;
const CLOSE_TIMEOUT_MS = 3_000;
const RESWEEP_INTERVAL_MS = 30_000;
/** After Redis (re)connects, BullMQ's queue needs a moment to be usable again. */
const RECONNECT_SWEEP_DELAY_MS = 500;
const SWEEP_PAGE = 500;

/** The job of a subscription batch of several messages: their delivery keys, in the log's order. */
export interface OutboxBatchJobData {
  batch: OutboxJobData[];
}

type JobData = OutboxJobData | OutboxBatchJobData;

/** The name of a batch job (a message's job is named after its event type). */
export const BATCH_JOB = 'batch';

/**
 * One message's own job: named after its event type, id = event id, so adding it again while it is queued is
 * ignored by BullMQ. The subscription's single adds, a batch's retries and the sweeps all add it this way.
 */
function messageJob(job: OutboxJobData, delay?: number) {
  return { name: job.eventType, data: job, opts: delay === undefined ? { jobId: job.eventId } : { jobId: job.eventId, delay } };
}

/**
 * A channel's BullMQ queue (`mail`, `sms`). A subscription batch of one message adds one job whose id is the
 * event id (a second add of the same event is ignored by BullMQ); a batch of several adds one job for all of
 * them, so a busy minute costs Redis a few jobs instead of one per order (ADR 045). A message of a batch job
 * that is not sent (the gateway failed, another worker holds it) gets a job of its own, id = event id, delayed
 * by its backoff: from there it retries exactly as a single message does. An add fails within seconds while
 * Redis is away, so the subscription's batch rolls back and is retried with backoff until Redis is back;
 * nothing is lost meanwhile, the log keeps the event.
 */
export class BullMqOutboxQueue implements OutboxQueue {
  readonly mode = 'redis';
  private readonly producerConnection: IORedis;
  private readonly queue: Queue<JobData>;
  private worker: Worker<JobData> | undefined;
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
    this.queue = new Queue<JobData>(channel.queue, {
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
      // A batch job has no id of its own: added twice (a subscription batch retried after its add), its
      // messages are asked for twice, and OutboxDelivery sends each once.
      const single = jobs.length === 1 ? messageJob(jobs[0]) : undefined;
      const adding = single ? this.queue.add(single.name, single.data, single.opts) : this.queue.add(BATCH_JOB, { batch: jobs });
      await withTimeout(adding, ENQUEUE_TIMEOUT_MS, `adding ${this.delivery.channel.name} jobs to Redis`);
    } catch (error) {
      // Without the cause: ioredis's ECONNREFUSED must not read as the database being away.
      throw new Error(`${this.delivery.channel.name} queue (Redis) unavailable: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  startWorker(): void {
    if (this.worker) return;
    this.workerConnection = new IORedis(this.redisUrl, { maxRetriesPerRequest: null, connectTimeout: 2_000 });
    this.workerConnection.on('error', () => undefined);
    this.worker = new Worker<JobData>(
      this.delivery.channel.queue,
      async (job) => {
        if ('batch' in job.data) return this.deliverBatch(job.data.batch);
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
   * The messages of a batch job, all asked for at once: OutboxDelivery takes them through the database
   * `deliveriesPerBatch` together, one batch after another, and sends them as many at once as the channel's
   * worker takes single jobs (an SMTP transport opens a connection per mail). Each one not sent gets a job of
   * its own, delayed by its backoff; a dead one (out of tries, recorded in its row) gets none. The batch job
   * fails only when those jobs cannot be added, and then BullMQ runs it again: the messages sent by then are
   * not sent twice.
   */
  private async deliverBatch(batch: OutboxJobData[]): Promise<{ sent: number; retried: number }> {
    const { channel } = this.delivery;
    const retries: Array<{ job: OutboxJobData; delay: number }> = [];
    let sent = 0;
    const outcomes = await Promise.allSettled(batch.map((job) => this.delivery.deliver(job.eventId)));
    outcomes.forEach((outcome, index) => {
      if (outcome.status === 'fulfilled') {
        if (outcome.value === 'busy') retries.push({ job: batch[index], delay: channel.backoffBaseMs });
        else if (outcome.value === 'sent') sent++;
        return;
      }
      const error: unknown = outcome.reason;
      if (error instanceof SendFailedError) {
        if (!error.dead) retries.push({ job: batch[index], delay: backoffMs(channel, error.attempts) });
        this.logger.warn(`${error.message}${error.dead ? ' (no tries left)' : ', will retry'}`);
      } else retries.push({ job: batch[index], delay: channel.backoffBaseMs });
    });
    if (retries.length > 0) {
      await withTimeout(
        this.queue.addBulk(retries.map(({ job, delay }) => messageJob(job, delay))),
        ENQUEUE_TIMEOUT_MS,
        `adding ${channel.name} retry jobs to Redis`,
      );
    }
    return { sent, retried: retries.length };
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
          this.queue.addBulk(rows.map((row) => messageJob({ eventId: row.event_id, eventType: row.event_type }, row.delay_ms))),
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
