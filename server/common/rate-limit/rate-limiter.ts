import { Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';

export interface RateLimitOutcome {
  allowed: boolean;
  hits: number;
  /** Seconds until the window that refused the request ends. */
  retryAfterSeconds: number;
}

/** One counted hit, enough to take it back (`RateLimiter.refund`). */
export interface CountedHit {
  key: string;
  windowSeconds: number;
  /** Start (epoch ms) of the window the hit was counted in. */
  windowStart: number;
}

const SWEEP_INTERVAL_MS = 10 * 60 * 1000;

/**
 * Sliding-window counters in PostgreSQL, so every server process shares them. One statement per check: an
 * upsert that keeps this window's and the previous window's count, atomic under concurrency. The estimate
 * weighs the previous window by how much of it still overlaps the last `windowSeconds`, so there is no
 * burst of twice the limit across a window boundary (as with plain fixed windows).
 * Shared machinery (ADR 040): it counts keys and knows no business; what is counted, and how much, is decided
 * by the callers (accounts' rate-limit policies and mail budget, ordering's checkout limits).
 */
@Injectable()
export class RateLimiter implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('RateLimiter');
  private sweeper: NodeJS.Timeout | undefined;

  constructor(private readonly dataSource: DataSource) {}

  onModuleInit(): void {
    this.sweeper = setInterval(() => void this.sweep(), SWEEP_INTERVAL_MS);
    this.sweeper.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.sweeper);
  }

  async hit(key: string, max: number, windowSeconds: number): Promise<RateLimitOutcome> {
    return (await this.count(key, max, windowSeconds)).outcome;
  }

  /** `hit`, and what `refund` needs to take the hit back. */
  async count(key: string, max: number, windowSeconds: number): Promise<{ outcome: RateLimitOutcome; hit: CountedHit }> {
    const windowMs = windowSeconds * 1000;
    const now = Date.now();
    const windowStart = Math.floor(now / windowMs) * windowMs;
    const rows: Array<{ hits: number; prev_hits: number }> = await this.dataSource.query(
      `INSERT INTO rate_limit_hits AS r (key, window_start, hits, prev_hits) VALUES ($1, $2, 1, 0)
       ON CONFLICT (key) DO UPDATE
         SET prev_hits = CASE WHEN r.window_start = EXCLUDED.window_start THEN r.prev_hits
                              WHEN r.window_start = $3 THEN r.hits
                              ELSE 0 END,
             hits = CASE WHEN r.window_start = EXCLUDED.window_start THEN r.hits + 1 ELSE 1 END,
             window_start = EXCLUDED.window_start
       RETURNING hits, prev_hits`,
      [key, new Date(windowStart), new Date(windowStart - windowMs)],
    );
    return {
      outcome: slidingWindow(rows[0].hits, rows[0].prev_hits, max, (now - windowStart) / windowMs, windowSeconds),
      hit: { key, windowSeconds, windowStart },
    };
  }

  /**
   * Takes a counted hit back: an attempt that turned out not to count (a right password, a refused request).
   * If the window has moved on since, the hit is in the previous window's count and comes off that; a hit
   * older than that no longer counts anyway. Never below zero.
   */
  async refund(hit: CountedHit): Promise<void> {
    const windowMs = hit.windowSeconds * 1000;
    await this.dataSource.query(
      `UPDATE rate_limit_hits
          SET hits = CASE WHEN window_start = $2 THEN GREATEST(hits - 1, 0) ELSE hits END,
              prev_hits = CASE WHEN window_start = $3 THEN GREATEST(prev_hits - 1, 0) ELSE prev_hits END
        WHERE key = $1`,
      [hit.key, new Date(hit.windowStart), new Date(hit.windowStart + windowMs)],
    );
  }

  /** Rows of windows long gone; the longest window is an hour. */
  async sweep(): Promise<void> {
    try {
      await this.dataSource.query(`DELETE FROM rate_limit_hits WHERE window_start < now() - interval '1 day'`);
    } catch (error) {
      this.logger.warn(`sweeping rate-limit counters failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

/**
 * `elapsed` is the fraction (0..1) of the current window gone. Retry-After is when the estimate falls back
 * to the limit: the end of this window if this window alone is over it, else when the previous window's
 * weight has decayed enough.
 */
export function slidingWindow(hits: number, previousHits: number, max: number, elapsed: number, windowSeconds: number): RateLimitOutcome {
  const estimate = previousHits * (1 - elapsed) + hits;
  let retryAfter: number;
  if (hits > max) retryAfter = (1 - elapsed) * windowSeconds + windowSeconds * Math.min(1, (hits - max) / hits);
  else retryAfter = previousHits > 0 ? windowSeconds * (1 - (max - hits) / previousHits - elapsed) : 0;
  return { allowed: estimate <= max, hits: Math.ceil(estimate), retryAfterSeconds: Math.max(1, Math.ceil(retryAfter)) };
}
