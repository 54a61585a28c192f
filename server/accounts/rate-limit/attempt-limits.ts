import { Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { setTimeout as sleep } from 'node:timers/promises';
import { RateLimitKey, rateLimitSubject } from './rate-limit.policies';
import { tooManyAttempts } from './rate-limit.guard';
import { CountedHit, RateLimiter } from '../../common/rate-limit/rate-limiter';

/**
 * What an attempt is counted by: a subject alone (`email`: every address together), the client address
 * alone (`ip`: every subject together) or a subject at one address (`email@ip`).
 */
export type AttemptKey = RateLimitKey | 'email@ip' | 'phone@ip' | 'orderId@ip';

export interface AttemptRule {
  by: AttemptKey;
  max: number;
  windowSeconds: number;
  /**
   * What happens once more than `max` attempts counted: `refuse` answers 429 with Retry-After without
   * trying (for rules that include the address: only that address is turned away); `slow` holds every
   * further attempt `delayMs` before trying it, and never refuses (for a subject's ceiling across all
   * addresses: a stranger must not be able to shut its owner out).
   */
  over: 'refuse' | 'slow';
  /** For `over: 'slow'`: how long each attempt waits while the subject is over its ceiling. */
  delayMs?: number;
}

export interface AttemptPolicy {
  rules: readonly AttemptRule[];
  /**
   * Statuses of a failed attempt (a wrong password: 401; an order id and phone that do not match: 404). Any
   * other answer, success or not (a 422 for a malformed e-mail tested nothing), is taken back. A handler may
   * also mark its answer failed (`markAttemptFailed`), e.g. a 200 that withholds personal data.
   */
  failsWith: readonly number[];
}

const MINUTES_15 = 15 * 60;

/**
 * Login and tracking: only FAILURES count (a right password, a matching order id and phone take their
 * count back), per subject at one address and per address, which refuse; and per subject across every
 * address, a much higher ceiling that only slows. The numbers and the attacks they answer: ADR 024.
 */
export const ATTEMPT_POLICIES = {
  login: {
    failsWith: [401],
    rules: [
      { by: 'email@ip', max: 20, windowSeconds: MINUTES_15, over: 'refuse' },
      { by: 'ip', max: 60, windowSeconds: MINUTES_15, over: 'refuse' },
      { by: 'email', max: 50, windowSeconds: MINUTES_15, over: 'slow', delayMs: 3_000 },
    ],
  },
  tracking: {
    failsWith: [404],
    rules: [
      { by: 'orderId@ip', max: 20, windowSeconds: MINUTES_15, over: 'refuse' },
      { by: 'phone@ip', max: 30, windowSeconds: MINUTES_15, over: 'refuse' },
      { by: 'ip', max: 60, windowSeconds: MINUTES_15, over: 'refuse' },
      { by: 'orderId', max: 100, windowSeconds: MINUTES_15, over: 'slow', delayMs: 2_000 },
      { by: 'phone', max: 200, windowSeconds: MINUTES_15, over: 'slow', delayMs: 2_000 },
    ],
  },
} satisfies Record<string, AttemptPolicy>;

export type AttemptPolicyName = keyof typeof ATTEMPT_POLICIES;

/** The value a rule counts by for this request; undefined when the request lacks it (then that rule does not count). */
export function attemptSubject(request: Request, by: AttemptKey): string | undefined {
  if (!by.endsWith('@ip')) return rateLimitSubject(request, by as RateLimitKey);
  const subject = rateLimitSubject(request, by.slice(0, -3) as RateLimitKey);
  return subject === undefined ? undefined : `${subject}|${rateLimitSubject(request, 'ip')}`;
}

/**
 * An attempt counted against every rule of its policy. Settle it once: `keep()` leaves it counted,
 * `release()` takes it back.
 */
export class Attempt {
  private settled = false;

  constructor(
    private readonly limiter: RateLimiter,
    private readonly hits: readonly CountedHit[],
  ) {}

  async keep(): Promise<void> {
    this.settled = true;
  }

  async release(): Promise<void> {
    if (this.settled) return;
    this.settled = true;
    for (const hit of this.hits) await this.limiter.refund(hit);
  }
}

/**
 * Counts attempts at something guessable and decides, before the attempt is tried, whether it may be:
 * 429 when a `refuse` rule is over (the attempt is taken back: a refused request tests nothing, so it
 * cannot keep a lock going), a bounded wait when a `slow` rule is over. Counting happens first, as one
 * atomic upsert per rule, so concurrent attempts cannot all slip under a limit before any is recorded.
 *
 * Usable outside HTTP routes too: `const attempt = await limiter.begin('name', rules, { phone: '...' })`,
 * then `attempt.keep()` or `attempt.release()` once the outcome is known.
 */
@Injectable()
export class AttemptLimiter {
  constructor(private readonly limiter: RateLimiter) {}

  async begin(name: string, rules: readonly AttemptRule[], subjects: Partial<Record<AttemptKey, string | undefined>>): Promise<Attempt> {
    const hits: CountedHit[] = [];
    let retryAfter = 0;
    let delayMs = 0;
    for (const rule of rules) {
      const subject = subjects[rule.by];
      if (subject === undefined) continue;
      const { outcome, hit } = await this.limiter.count(`${name}:${rule.by}:${subject}`, rule.max, rule.windowSeconds);
      hits.push(hit);
      if (outcome.allowed) continue;
      if (rule.over === 'refuse') retryAfter = Math.max(retryAfter, outcome.retryAfterSeconds);
      else delayMs = Math.max(delayMs, rule.delayMs ?? 0);
    }
    const attempt = new Attempt(this.limiter, hits);
    if (retryAfter > 0) {
      await attempt.release();
      throw tooManyAttempts(retryAfter);
    }
    if (delayMs > 0) await sleep(delayMs);
    return attempt;
  }

  /** `begin` for an HTTP request: the subjects are read from it as the policy's rules say. */
  beginFor(request: Request, name: string, rules: readonly AttemptRule[]): Promise<Attempt> {
    const subjects: Partial<Record<AttemptKey, string | undefined>> = {};
    for (const rule of rules) subjects[rule.by] = attemptSubject(request, rule.by);
    return this.begin(name, rules, subjects);
  }
}
