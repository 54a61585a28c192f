import type { OutboxJobData } from '../outbox-channel';

/**
 * Where a channel's subscription hands its jobs: BullMQ on Redis (REDIS_URL) or the in-process queue, which
 * is the channel's deliveries table polled by this process. Both retry with the same exponential backoff and
 * both end in `OutboxDelivery.deliver(eventId)`, which sends at most once per event.
 */
export interface OutboxQueue {
  readonly mode: 'redis' | 'in-process';
  /** Called inside the subscription's batch transaction; a throw rolls the batch back to be retried. */
  enqueue(jobs: OutboxJobData[]): Promise<void>;
  /** Starts consuming jobs in this process. */
  startWorker(): void;
  stop(): Promise<void>;
}

export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
