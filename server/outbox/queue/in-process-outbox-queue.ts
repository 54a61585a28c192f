import type { Logger } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { HELD, OutboxDelivery, SendFailedError } from '../delivery/outbox-delivery';
import type { OutboxJobData } from '../outbox-channel';
import type { OutboxQueue } from './outbox-queue';

const POLL_INTERVAL_MS = 500;
const BATCH = 10;

/**
 * Without Redis, the channel's deliveries table (`mail_deliveries`, `sms_deliveries`) is the queue: the subscription writes a pending row per event in its
 * batch transaction (so a crash loses nothing), and this poller sends the rows that are due. A failed send
 * sets `next_attempt_at` with the same exponential backoff BullMQ uses. Several processes may poll: the
 * claim in OutboxDelivery keeps each message to one sender. A poll waits for the deliveries it started, their
 * records included (retried while the database is away), before it looks again.
 */
export class InProcessOutboxQueue implements OutboxQueue {
  readonly mode = 'in-process';
  private running = false;
  private loop: Promise<void> | undefined;
  private wakeUp: (() => void) | undefined;
  private woken = false;

  constructor(
    private readonly dataSource: DataSource,
    private readonly delivery: OutboxDelivery,
    private readonly logger: Logger,
  ) {}

  async enqueue(jobs: OutboxJobData[]): Promise<void> {
    // The rows are written by the subscription's transaction; look soon after it commits.
    if (jobs.length > 0) setTimeout(() => this.wake(), 20).unref();
  }

  startWorker(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.wake();
    await this.loop;
  }

  private wake(): void {
    this.woken = true;
    this.wakeUp?.();
  }

  private async run(): Promise<void> {
    let pollFailing = false;
    while (this.running) {
      this.woken = false;
      let due: string[] = [];
      try {
        const rows: Array<{ event_id: string }> = await this.dataSource.query(
          `SELECT event_id FROM ${this.delivery.channel.table} AS d
            WHERE status IN ('pending', 'failed', 'sending') AND next_attempt_at <= now() AND NOT (status = 'sending' AND ${HELD})
            ORDER BY next_attempt_at LIMIT $1`,
          [BATCH],
        );
        due = rows.map((row) => row.event_id);
        if (pollFailing) this.logger.log(`${this.delivery.channel.name} queue poll works again`);
        pollFailing = false;
        await Promise.all(due.map((eventId) => this.deliverOne(eventId)));
      } catch (error) {
        // Every 500 ms while the database is away: said once, not twice a second.
        if (this.running && !pollFailing) this.logger.warn(`${this.delivery.channel.name} queue poll failed, retrying quietly: ${error instanceof Error ? error.message : String(error)}`);
        pollFailing = true;
      }
      if (!this.woken && this.running && due.length < BATCH) await this.sleep(POLL_INTERVAL_MS);
    }
  }

  private async deliverOne(eventId: string): Promise<void> {
    try {
      await this.delivery.deliver(eventId);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.logger.warn(error instanceof SendFailedError && error.dead ? `giving up: ${message}` : `${message}; will retry`);
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done(): void {
        clearTimeout(timer);
        resolve();
      }
      this.wakeUp = done;
    });
  }
}
