import type { Request } from 'express';
import { toStorableText } from '../../common/validation/unstorable-text';
import { normalizeEmail, normalizePhone } from '../users/contact-rules';

/** What a limit counts by. A request without that value (no e-mail in the body) is not counted by it. */
export type RateLimitKey = 'ip' | 'email' | 'phone' | 'orderId';

export interface RateLimitRule {
  by: RateLimitKey;
  /**
   * Count the subject per client address (e-mail *at* an address), not across all addresses: a limit per
   * subject from anywhere is a switch any stranger who knows the e-mail or phone can turn off for its owner.
   */
  atAddress?: true;
  max: number;
  windowSeconds: number;
}

/**
 * Limits on requests that cost the store or a third party something whether or not they succeed (an account
 * created, a mail sent, a coupon code checked): every request counts. Guessing (login, order tracking) is
 * limited by failures instead, so strangers cannot lock an owner out: `ATTEMPT_POLICIES` in attempt-limits.ts.
 * Per IP they are generous: mobile carriers in Bangladesh put many customers behind one
 * address (CGNAT). Per e-mail or phone they count at one address only (ADR 024): requests from anywhere
 * else never refuse the owner. What protects a mailbox from a flood across addresses is the mail budget
 * (`MailBudget`, server/accounts/recovery/mail-budget.ts), which answers the same and sends fewer mails.
 */
export const RATE_LIMIT_POLICIES = {
  register: [{ by: 'ip', max: 10, windowSeconds: 60 * 60 }],
  'find-account': [
    { by: 'ip', max: 20, windowSeconds: 60 * 60 },
    { by: 'phone', atAddress: true, max: 5, windowSeconds: 60 * 60 },
  ],
  'send-verifymail': [
    { by: 'ip', max: 10, windowSeconds: 60 * 60 },
    { by: 'phone', atAddress: true, max: 3, windowSeconds: 60 * 60 },
    { by: 'email', atAddress: true, max: 3, windowSeconds: 60 * 60 },
  ],
  'forgot-password': [
    { by: 'ip', max: 10, windowSeconds: 60 * 60 },
    { by: 'email', atAddress: true, max: 3, windowSeconds: 60 * 60 },
  ],
  /** A phone code costs an SMS: per address, and per phone at one address (a phone's own hourly budget is PhoneCodes'). */
  'phone-code': [
    { by: 'ip', max: 10, windowSeconds: 60 * 60 },
    { by: 'phone', atAddress: true, max: 3, windowSeconds: 15 * 60 },
  ],
  /** Entering a code: each code takes three tries; these keep one address from cycling through phones. */
  'phone-code-verify': [
    { by: 'ip', max: 30, windowSeconds: 15 * 60 },
    { by: 'phone', atAddress: true, max: 10, windowSeconds: 15 * 60 },
  ],
  /** Checking a coupon code tells whether it exists: limited so codes cannot be guessed by the thousand. */
  coupon: [{ by: 'ip', max: 60, windowSeconds: 15 * 60 }],
  /** A shopper's photo for a return (issue 35) costs disk whether or not a request follows: per address and per order. */
  'return-photo': [
    { by: 'ip', max: 30, windowSeconds: 60 * 60 },
    { by: 'orderId', max: 10, windowSeconds: 60 * 60 },
  ],
} satisfies Record<string, RateLimitRule[]>;

export type RateLimitPolicyName = keyof typeof RATE_LIMIT_POLICIES;

/** The counter's key for a rule and a request, or undefined when the request has no value to count by. */
export function rateLimitCounterKey(policyName: string, rule: RateLimitRule, request: Request): string | undefined {
  const subject = rateLimitSubject(request, rule.by);
  if (subject === undefined) return undefined;
  if (!rule.atAddress || rule.by === 'ip') return `${policyName}:${rule.by}:${subject}`;
  return `${policyName}:${rule.by}@ip:${subject}@${rateLimitSubject(request, 'ip')}`;
}

/**
 * The value a rule counts by, from the body first (not on GET), then the path's parameters, then the query string. The
 * path counts too: `/verify/{orderId}/{phone}` carries the very values a guesser varies, and without it that
 * route was limited by address only.
 */
export function rateLimitSubject(request: Request, by: RateLimitKey): string | undefined {
  if (by === 'ip') return request.ip ?? request.socket.remoteAddress ?? 'unknown';
  // A GET's handler never reads a body, so neither may its counter: a made-up body on each GET would
  // otherwise give every guess a fresh order id and phone to be counted by.
  const readsBody = request.method !== 'GET' && request.method !== 'HEAD';
  const body = (readsBody && typeof request.body === 'object' && request.body !== null ? request.body : {}) as Record<string, unknown>;
  const params = (request.params ?? {}) as Record<string, unknown>;
  const query = request.query as Record<string, unknown>;
  const pick = (...names: string[]): string | undefined => {
    for (const source of [body, params, query]) {
      for (const name of names) {
        const value = source[name];
        // The guard runs before validation: NUL in the counter's key made PostgreSQL fail the request (500).
        if (typeof value === 'string' && value.trim()) return toStorableText(value);
      }
    }
    return undefined;
  };
  switch (by) {
    case 'email': {
      const email = pick('email');
      return email ? normalizeEmail(email).slice(0, 254) : undefined;
    }
    case 'phone': {
      const phone = pick('phone', 'phone_number');
      const digits = phone ? normalizePhone(phone) : '';
      return digits ? digits.slice(0, 20) : undefined;
    }
    case 'orderId': {
      const orderId = pick('orderId', 'order_id');
      // Upper case as the lookup reads it (normalizeOrderId): `abcd2345` and `ABCD2345` are one order, one count.
      return orderId ? orderId.trim().toUpperCase().slice(0, 100) : undefined;
    }
  }
}
