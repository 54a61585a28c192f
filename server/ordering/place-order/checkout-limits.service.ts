import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { RateLimiter } from '../../common/rate-limit/rate-limiter';
import { TooManyRequestsError } from '../../common/errors/domain-error';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { DEFAULT_CHECKOUT_LIMITS, type CheckoutLimits } from '../domain/checkout-limits';
import { checkoutLimitsOf, type LimitColumns } from './catalog-lookup';

/** Settings change rarely; every checkout reading them would cost a round trip for nothing. */
const CACHE_MS = 5_000;
const HOUR_SECONDS = 60 * 60;

export class TooManyCheckoutsFromAddress extends TooManyRequestsError<'too-many-checkouts'> {
  constructor(retryAfterSeconds: number) {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    super(retryAfterSeconds, 'too-many-checkouts', { minutes });
  }
}

/**
 * The checkout limits as they stand (settings, environment overrides on top, cached for a few seconds) and
 * the per-address limit, counted with the shared rate limiter (so every server process counts together).
 */
@Injectable()
export class CheckoutLimitsService {
  /** The limits being read or read last, and when the read started: checkouts arriving meanwhile share it. */
  private cached: { at: number; limits: Promise<CheckoutLimits> } | undefined;

  constructor(
    private readonly dataSource: DataSource,
    private readonly limiter: RateLimiter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  current(): Promise<CheckoutLimits> {
    if (this.cached && Date.now() - this.cached.at < CACHE_MS) return this.cached.limits;
    // One read for every checkout that finds the cache stale (under load, dozens at once); a failed read is not kept.
    const limits = this.read();
    const entry = { at: Date.now(), limits };
    this.cached = entry;
    limits.catch(() => {
      if (this.cached === entry) this.cached = undefined;
    });
    return limits;
  }

  private async read(): Promise<CheckoutLimits> {
    const rows: LimitColumns[] = await this.dataSource.query(
      `SELECT cod_open_orders_per_phone, checkout_limit_per_ip_hour, max_units_per_line, max_units_per_order, pending_order_expiry_hours,
              checkout_phone_verification
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
