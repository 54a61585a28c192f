import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { CLOCK, type Clock } from '../../common/clock';
import { systemMetadata } from '../../common/request/request-metadata';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { OrderChanges } from '../change-order/order-changes';
import { OrderNotDueToExpire, TransitionNotAllowed, UnknownOrder } from '../domain/order.errors';
import { CheckoutLimitsService } from '../place-order/checkout-limits.service';
import { EXPIRY_TIMERS, type ExpiryTimers } from './expiry-timers';

const HOUR_MS = 60 * 60 * 1000;
const SWEEP_PAGE = 200;
const DEFAULT_HOLD_MINUTES = 20;

/**
 * Pending orders expire on their own after the store's pending-order lifetime (issue 14). Each placed order
 * gets a deadline (a BullMQ delayed job, or a timer without Redis), and every process running background work
 * sweeps `order_details` for pending orders past their deadline at start and every ORDER_EXPIRY_SWEEP_SECONDS,
 * so a deadline lost with Redis or a restart is still kept. Expiring goes through the order's command path:
 * the decider refuses an order that is no longer pending, so two processes, a job and a sweep never expire
 * one order twice. Only online orders expire; staff took instant orders on the phone.
 */
@Injectable()
export class OrderExpiry implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('OrderExpiry');
  private sweeper: NodeJS.Timeout | undefined;
  private sweeping: Promise<number> | undefined;
  private running = false;

  constructor(
    private readonly dataSource: DataSource,
    private readonly changes: OrderChanges,
    private readonly limits: CheckoutLimitsService,
    @Inject(EXPIRY_TIMERS) private readonly timers: ExpiryTimers,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.runMailWorker) return;
    this.running = true;
    this.timers.start((orderId) => this.expire(orderId));
    this.sweeper = setInterval(() => void this.sweep().catch(() => 0), this.config.orderExpirySweepSeconds * 1000);
    this.sweeper.unref();
    void this.sweep().catch(() => 0);
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.running = false;
    clearInterval(this.sweeper);
    await this.sweeping?.catch(() => 0);
    await this.timers.stop();
  }

  /** Deadlines of orders just placed at `placedAt`; best effort (the sweep is the safety net). */
  async schedule(orderIds: readonly string[], placedAt: Date, pendingHours: number): Promise<void> {
    const delayMs = placedAt.getTime() + pendingHours * HOUR_MS - this.clock.now().getTime();
    await this.timers.schedule(orderIds.map((orderId) => ({ orderId, delayMs })));
  }

  /** Expires one order if it is still pending and due; 'skipped' otherwise (confirmed, expired, not due yet). */
  async expire(orderId: string, now: Date = this.clock.now()): Promise<'expired' | 'skipped'> {
    const { pendingExpiryHours } = await this.limits.current();
    try {
      const unpaidHoldMinutes = this.config.payments?.holdMinutes ?? DEFAULT_HOLD_MINUTES;
      await this.changes.apply({ type: 'ExpireOrder', data: { orderId, now, pendingHours: pendingExpiryHours, unpaidHoldMinutes } }, systemMetadata('pending order expiry'));
      return 'expired';
    } catch (error) {
      if (error instanceof TransitionNotAllowed || error instanceof OrderNotDueToExpire || error instanceof UnknownOrder) return 'skipped';
      throw error;
    }
  }

  /**
   * Orders waiting for their gateway payment (bKash with no typed transaction id, issue 34) past the short hold:
   * the decider expires those still unpaid and refuses the paid ones and those being executed.
   */
  private async sweepUnpaid(now: Date): Promise<number> {
    const holdMinutes = this.config.payments?.holdMinutes ?? DEFAULT_HOLD_MINUTES;
    const rows: Array<{ order_id: string }> = await this.dataSource.query(
      `SELECT d.order_id FROM order_details d
         LEFT JOIN order_payments p ON p.order_id = d.order_id
        WHERE d.status = 'pending' AND d.order_type = 1 AND d.payment_method = 'bkash' AND d.transaction_id IS NULL
          AND d.placed_at <= $1 AND (p.state IS NULL OR p.state IN ('started', 'failed'))
        ORDER BY d.placed_at LIMIT $2`,
      [new Date(now.getTime() - holdMinutes * 60_000), SWEEP_PAGE],
    );
    let expired = 0;
    for (const { order_id: orderId } of rows) {
      if ((await this.expire(orderId, now)) === 'expired') expired++;
    }
    return expired;
  }

  /** Expires every online order still pending past its deadline at `now`; returns how many it expired. */
  sweep(now: Date = this.clock.now()): Promise<number> {
    const previous = this.sweeping ?? Promise.resolve(0);
    const run = previous.catch(() => 0).then(() => this.sweepOnce(now));
    this.sweeping = run;
    return run;
  }

  private async sweepOnce(now: Date): Promise<number> {
    const { pendingExpiryHours } = await this.limits.current();
    const deadline = new Date(now.getTime() - pendingExpiryHours * HOUR_MS);
    let expired = 0;
    let after = '';
    for (;;) {
      const rows: Array<{ order_id: string }> = await this.dataSource.query(
        `SELECT order_id FROM order_details
          WHERE status = 'pending' AND order_type = 1 AND placed_at <= $1 AND order_id > $2
          ORDER BY order_id LIMIT $3`,
        [deadline, after, SWEEP_PAGE],
      );
      for (const { order_id: orderId } of rows) {
        if ((await this.expire(orderId, now)) === 'expired') expired++;
      }
      if (rows.length < SWEEP_PAGE) break;
      after = rows[rows.length - 1].order_id;
    }
    expired += await this.sweepUnpaid(now);
    if (expired > 0 && this.running) this.logger.log(`expired ${expired} pending order(s) past their deadline`);
    return expired;
  }
}
