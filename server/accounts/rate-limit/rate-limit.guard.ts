import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { TooManyRequestsError } from '../../common/errors/domain-error';
import { RATE_LIMIT_POLICIES, RateLimitPolicyName, RateLimitRule, rateLimitCounterKey } from './rate-limit.policies';
import { RateLimiter } from '../../common/rate-limit/rate-limiter';

export const RATE_LIMIT_KEY = 'accounts:rate-limit';

export interface RateLimitMetadata {
  name: string;
  rules: RateLimitRule[];
}

/** Counts the request against every rule of the route's policy; 429 with Retry-After once one is exceeded. */
@Injectable()
export class RateLimitGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly limiter: RateLimiter,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const policy = this.reflector.getAllAndOverride<RateLimitMetadata | undefined>(RATE_LIMIT_KEY, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (!policy) return true;
    const request = context.switchToHttp().getRequest<Request>();
    let retryAfter = 0;
    for (const rule of policy.rules) {
      const key = rateLimitCounterKey(policy.name, rule, request);
      if (key === undefined) continue;
      const outcome = await this.limiter.hit(key, rule.max, rule.windowSeconds);
      if (!outcome.allowed) retryAfter = Math.max(retryAfter, outcome.retryAfterSeconds);
    }
    if (retryAfter > 0) throw tooManyAttempts(retryAfter);
    return true;
  }
}

/** A 429 saying how long to wait: in seconds under a minute, else in whole minutes. */
export function tooManyAttempts(retryAfterSeconds: number): TooManyRequestsError {
  if (retryAfterSeconds < 60) return new TooManyRequestsError(retryAfterSeconds, 'too-many-attempts-seconds', { seconds: retryAfterSeconds });
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return new TooManyRequestsError(retryAfterSeconds, 'too-many-attempts-minutes', { minutes });
}

/** Resolves a policy name (see RATE_LIMIT_POLICIES) or custom rules into the guard's metadata. */
export function rateLimitMetadata(policy: RateLimitPolicyName | RateLimitMetadata): RateLimitMetadata {
  return typeof policy === 'string' ? { name: policy, rules: RATE_LIMIT_POLICIES[policy] as RateLimitRule[] } : policy;
}
