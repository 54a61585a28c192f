import { applyDecorators, CallHandler, ExecutionContext, Injectable, NestInterceptor, SetMetadata, UseInterceptors } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { catchError, concatMap, from, Observable, switchMap } from 'rxjs';
import { DomainError } from '../../common/errors/domain-error';
import { AttemptLimiter, AttemptPolicy, AttemptPolicyName, ATTEMPT_POLICIES } from './attempt-limits';

export const ATTEMPT_LIMIT_KEY = 'accounts:attempt-limit';

const FAILED = Symbol('attempt failed');

/**
 * For a handler whose successful answer still means "wrong guess" (getOrders with a phone that is not the
 * order's answers 200 without the personal fields): the attempt counts as failed.
 */
export function markAttemptFailed(request: Request): void {
  (request as Request & { [FAILED]?: boolean })[FAILED] = true;
}

function statusOf(error: unknown): number | undefined {
  if (error instanceof DomainError) return error.status;
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : undefined;
}

/**
 * Counts the route's attempt before the handler (429 or a bounded wait as the policy says), then keeps it
 * counted if the handler failed it and takes it back otherwise. An interceptor, not a guard: it needs the
 * outcome.
 */
@Injectable()
export class AttemptLimitInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    private readonly attempts: AttemptLimiter,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const name = this.reflector.get<AttemptPolicyName | undefined>(ATTEMPT_LIMIT_KEY, context.getHandler());
    if (!name) return next.handle();
    const policy: AttemptPolicy = ATTEMPT_POLICIES[name];
    const request = context.switchToHttp().getRequest<Request>();
    const failedMark = () => (request as Request & { [FAILED]?: boolean })[FAILED] === true;
    return from(this.attempts.beginFor(request, name, policy.rules)).pipe(
      switchMap((attempt) =>
        next.handle().pipe(
          // Settled before the answer goes out, so the client's next attempt already sees the count.
          concatMap(async (value: unknown) => {
            await (failedMark() ? attempt.keep() : attempt.release());
            return value;
          }),
          catchError(async (error: unknown) => {
            await (policy.failsWith.includes(statusOf(error) ?? 0) ? attempt.keep() : attempt.release());
            throw error;
          }),
        ),
      ),
    );
  }
}

/** `@AttemptLimit('login')`: the route's attempts are limited by that policy of ATTEMPT_POLICIES (failures only). */
export const AttemptLimit = (policy: AttemptPolicyName) =>
  applyDecorators(SetMetadata(ATTEMPT_LIMIT_KEY, policy), UseInterceptors(AttemptLimitInterceptor));
