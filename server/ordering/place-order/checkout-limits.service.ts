import { Inject, Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { RateLimiter } from '../../common/rate-limit/rate-limiter';
import { ReadModelCache } from '../../catalog/read-cache/read-model-cache';
import { CATALOG_READ_MODEL } from '../../catalog/read-cache/read-model-tags';
import { TooManyRequestsError } from '../../common/errors/domain-error';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { DEFAULT_CHECKOUT_LIMITS, type CheckoutLimits } from '../domain/checkout-limits';
import { checkoutLimitsOf, type LimitColumns } from './catalog-lookup';

const HOUR_SECONDS = 60 * 60;
/** How often each process deletes the address holds that no longer count (the budget looks back one hour). */
const HOLDS_SWEEP_INTERVAL_MS = 10 * 60 * 1000;

export class TooManyCheckoutsFromAddress extends TooManyRequestsError<'too-many-checkouts'> {
  constructor(retryAfterSeconds: number) {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    super(retryAfterSeconds, 'too-many-checkouts', { minutes });
  }
}

/**
 * The checkout limits as they stand (settings, environment overrides on top) and the per-address limit,
 * counted with the shared rate limiter (so every server process counts together).
 *
 * Settings change rarely and every checkout asks for them, so they are kept in the catalog's answer cache
 * (ADR 003) under the `catalog` read model, whose projection writes the `settings` table: the process that
 * saved them drops them as soon as the projection has applied the change (CatalogWriter waits for it before
 * it answers the admin), and every other process when the projection's NOTIFY reaches it, a moment after
 * the commit. While the change notifications cannot be heard the cache is off and each caller reads them.
 */
@Injectable()
export class CheckoutLimitsService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('CheckoutLimits');
  private sweeper: NodeJS.Timeout | undefined;

  constructor(
    private readonly dataSource: DataSource,
    private readonly limiter: RateLimiter,
    private readonly cache: ReadModelCache,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.sweeper = setInterval(() => void this.sweepHolds(), HOLDS_SWEEP_INTERVAL_MS);
    this.sweeper.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.sweeper);
  }

  /** Address holds of orders placed more than the budget's hour ago (kept a second hour for a clock that runs behind). */
  async sweepHolds(): Promise<void> {
    try {
      await this.dataSource.query(`DELETE FROM checkout_holds WHERE placed_at < now() - interval '2 hours'`);
    } catch (error) {
      this.logger.warn(`sweeping checkout holds failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /** Checkouts asking while the settings are read share that read (under load, dozens at once); a failed read is not kept. */
  current(): Promise<CheckoutLimits> {
    return this.cache.remember('checkout-limits', [CATALOG_READ_MODEL], () => this.read());
  }

  private async read(): Promise<CheckoutLimits> {
    const rows: LimitColumns[] = await this.dataSource.query(
      `SELECT cod_open_orders_per_phone, checkout_limit_per_ip_hour, checkout_units_per_ip_hour, max_units_per_line, max_units_per_order,
              pending_order_expiry_hours, checkout_phone_verification
         FROM settings WHERE id = 1`,
    );
    return rows[0] ? checkoutLimitsOf(rows[0], this.config.checkoutOverrides) : { ...DEFAULT_CHECKOUT_LIMITS, ...this.config.checkoutOverrides };
  }

  /** Counts one checkout from `address`; beyond `CHECKOUT_LIMIT_PER_IP_HOUR` an hour, a 429 with Retry-After. */
  async countCheckoutFrom(address: string): Promise<void> {
    const { perIpHour } = await this.current();
    if (perIpHour <= 0) return;
    const outcome = await this.limiter.hit(`checkout:ip:${address}`, perIpHour, HOUR_SECONDS);
    if (!outcome.allowed) throw new TooManyCheckoutsFromAddress(outcome.retryAfterSeconds);
  }
}
