import { Injectable } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import { isDatabaseUnavailable } from '../errors/database-unavailable';
import { UnauthorizedError } from '../errors/domain-error';
import type { AuthenticatedUser } from '../request/authenticated-user';

/**
 * Requires a valid bearer token; sets `request.user` (read it with `@CurrentUser()`), else 401. The account
 * is read from the database: when that cannot be reached the answer is the outage's 503, not a 401 that
 * would make the storefront forget a good token.
 */
@Injectable()
export class JwtAuthGuard extends AuthGuard('jwt') {
  override handleRequest<TUser = AuthenticatedUser>(error: unknown, user: TUser | false): TUser {
    if (isDatabaseUnavailable(error)) throw error;
    if (error || !user) throw new UnauthorizedError('login-required');
    return user;
  }
}
