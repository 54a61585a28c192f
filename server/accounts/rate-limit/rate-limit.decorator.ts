import { applyDecorators, SetMetadata, UseGuards } from '@nestjs/common';
import type { RateLimitPolicyName } from './rate-limit.policies';
import { RATE_LIMIT_KEY, RateLimitGuard, RateLimitMetadata, rateLimitMetadata } from './rate-limit.guard';

/**
 * `@RateLimit('tracking')` on a route handler: counts each request per IP and per the policy's other keys
 * (e-mail, phone, order id, read from the JSON body or the query string) and answers 429 with Retry-After
 * when a limit is exceeded. Custom limits: `@RateLimit({ name: 'x', rules: [{ by: 'ip', max: 5, windowSeconds: 60 }] })`.
 * The guard runs before interceptors, so a multipart body is not parsed yet: use it on JSON or query calls.
 * Every request counts, right or wrong: for something a stranger guesses at (a password, an order's phone),
 * use `@AttemptLimit` (attempt-limit.interceptor.ts), which counts failures only and never locks the owner out.
 */
export const RateLimit = (policy: RateLimitPolicyName | RateLimitMetadata) =>
  applyDecorators(SetMetadata(RATE_LIMIT_KEY, rateLimitMetadata(policy)), UseGuards(RateLimitGuard));
