import { Global, Module } from '@nestjs/common';
import { AttemptLimitInterceptor } from './attempt-limit.interceptor';
import { AttemptLimiter } from './attempt-limits';
import { RateLimitGuard } from './rate-limit.guard';
import { RateLimiter } from '../../common/rate-limit/rate-limiter';

/** Global so any context's controller can use `@RateLimit(...)` and `@AttemptLimit(...)` once AccountsModule is imported. */
@Global()
@Module({
  providers: [RateLimiter, RateLimitGuard, AttemptLimiter, AttemptLimitInterceptor],
  exports: [RateLimiter, RateLimitGuard, AttemptLimiter, AttemptLimitInterceptor],
})
export class RateLimitModule {}
