import type { Logger } from '@nestjs/common';
import { Queue, Worker } from 'bullmq';
import IORedis from 'ioredis';

/** A pending order's deadline: when its expiry job should run. */
export interface ExpiryDeadline {
  orderId: string;
  delayMs: number;
}

/**
 * Where the deadline of each pending order waits (issue 14): a BullMQ delayed job per order on Redis, or a
 * timer in this process without REDIS_URL. Neither is the only record: the sweep over `order_details`
 * expires whatever a lost job or timer missed, and the decider refuses a second expiry, so a deadline fires
 * at most once in effect.
 */
export interface ExpiryTimers {
  readonly mode: 'redis' | 'in-process';
  /** Best effort: a deadline not scheduled (Redis away) is left to the sweep. */
  schedule(deadlines: readonly ExpiryDeadline[]): Promise<void>;
  /** Runs `fire(orderId)` for each deadline reached, in this process. */
  start(fire: (orderId: string) => Promise<unknown>): void;
  stop(): Promise<void>;
}

export const EXPIRY_TIMERS = Symbol('EXPIRY_TIMERS');
export const ORDER_EXPIRY_QUEUE = 'order-expiry';
/** The job id is the order's: adding the same order twice keeps one job. */
export const expiryJobId = (orderId: string) => `expire-${orderId}`;

const ADD_TIMEOUT_MS = 2_000;
const MAX_TIMER_MS = 2 ** 31 - 1;

export class BullMqExpiryTimers implements ExpiryTimers {
  readonly mode = 'redis';
  private readonly producer: IORedis;
  private readonly queue: Queue<{ orderId: string }>;
  private worker: Worker<{ orderId: string }> | undefined;
  private workerConnection: IORedis | undefined;
  private lastError = '';

  constructor(
    private readonly redisUrl: string,
    private readonly logger: Logger,
  ) {
    this.producer = new IORedis(redisUrl, { maxRetriesPerRequest: 1, connectTimeout: 2_000 });
    this.producer.on('error', () => undefined);
    this.queue = new Queue(ORDER_EXPIRY_QUEUE, {
      connection: this.producer,
      defaultJobOptions: { attempts: 5, backoff: { type: 'exponential', delay: 1_000 }, removeOnComplete: true, removeOnFail: true },
    });
    this.queue.on('error', () => undefined);
  }

  async schedule(deadlines: readonly ExpiryDeadline[]): Promise<void> {
    if (deadlines.length === 0) return;
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        this.queue.addBulk(
          deadlines.map(({ orderId, delayMs }) => ({ name: 'expire', data: { orderId }, opts: { jobId: expiryJobId(orderId), delay: Math.max(0, delayMs) } })),
        ),
        new Promise((_, reject) => (timer = setTimeout(() => reject(new Error('no answer')), ADD_TIMEOUT_MS))),
      ]);
    } catch (error) {
      this.sayOnce(`order expiry jobs not scheduled (the sweep will expire them): ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      clearTimeout(timer);
    }
  }

  start(fire: (orderId: string) => Promise<unknown>): void {
    if (this.worker) return;
    this.workerConnection = new IORedis(this.redisUrl, { maxRetriesPerRequest: null, connectTimeout: 2_000 });
    this.workerConnection.on('error', () => undefined);
    this.worker = new Worker(ORDER_EXPIRY_QUEUE, (job) => fire(job.data.orderId), { connection: this.workerConnection, concurrency: 4 });
    this.worker.on('error', (error) => this.sayOnce(`order expiry worker: ${error.message}`));
    this.worker.on('failed', (job, error) => this.logger.warn(`order expiry job ${job?.id ?? '?'} failed, will retry: ${error.message}`));
  }

  async stop(): Promise<void> {
    const redisAway = this.workerConnection !== undefined && this.workerConnection.status !== 'ready';
    await Promise.race([
      Promise.allSettled([this.worker?.close(redisAway), this.queue.close()]),
      new Promise((resolve) => setTimeout(resolve, 3_000).unref()),
    ]);
    this.workerConnection?.disconnect();
    this.producer.disconnect();
  }

  private sayOnce(message: string): void {
    if (message !== this.lastError) this.logger.warn(message);
    this.lastError = message;
  }
}

/** Without Redis: one timer per order in this process (a restart loses them; the sweep does not). */
export class InProcessExpiryTimers implements ExpiryTimers {
  readonly mode = 'in-process';
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private fire: ((orderId: string) => Promise<unknown>) | undefined;

  async schedule(deadlines: readonly ExpiryDeadline[]): Promise<void> {
    if (!this.fire) return; // this process runs no expiry worker: another process's sweep expires them
    for (const { orderId, delayMs } of deadlines) {
      if (this.timers.has(orderId)) continue;
      const timer = setTimeout(() => {
        this.timers.delete(orderId);
        void this.fire?.(orderId).catch(() => undefined);
      }, Math.min(MAX_TIMER_MS, Math.max(0, delayMs)));
      timer.unref();
      this.timers.set(orderId, timer);
    }
  }

  start(fire: (orderId: string) => Promise<unknown>): void {
    this.fire = fire;
  }

  async stop(): Promise<void> {
    this.fire = undefined;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }
}
