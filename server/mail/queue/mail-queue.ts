import type { MailJobData } from '../mail-events';

/**
 * Where the mail subscription hands mail jobs: BullMQ on Redis (REDIS_URL) or the in-process queue, which
 * is the `mail_deliveries` table polled by this process. Both retry with the same exponential backoff and
 * both end in `MailDelivery.deliver(eventId)`, which sends at most once per event.
 */
export interface MailQueue {
  readonly mode: 'redis' | 'in-process';
  /** Called inside the subscription's batch transaction; a throw rolls the batch back to be retried. */
  enqueue(jobs: MailJobData[]): Promise<void>;
  /** Starts consuming jobs in this process. */
  startWorker(): void;
  stop(): Promise<void>;
}

export const MAIL_QUEUE_TOKEN = Symbol('MAIL_QUEUE');

export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
