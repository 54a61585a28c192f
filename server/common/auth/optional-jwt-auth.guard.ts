import { type ExecutionContext, Injectable } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import type { Request } from 'express';
import { isDatabaseUnavailable } from '../errors/database-unavailable';
import type { AuthenticatedUser } from '../request/authenticated-user';

/**
 * Never refuses: sets `request.user` when a valid bearer token is sent and leaves it undefined otherwise
 * (no token, a bad one, an expired one). For calls guests and customers share, such as checkout. A token
 * that could not be checked because the database is out of reach is the outage's 503: read as a guest, a
 * customer's checkout would become a guest order.
 */
@Injectable()
export class OptionalJwtAuthGuard extends AuthGuard('jwt') {
  /**
   * A request with no Authorization header is a guest's: answered here, without passport, whose strategy
   * builds an Error (and its stack) for every request without a token. Most checkouts are guests'.
   */
  override canActivate(context: ExecutionContext) {
    const request = context.switchToHttp().getRequest<Request>();
    if (request.headers.authorization === undefined) return true;
    return super.canActivate(context);
  }

  override handleRequest<TUser = AuthenticatedUser>(error: unknown, user: TUser | false): TUser {
    if (isDatabaseUnavailable(error)) throw error;
    return (user || undefined) as TUser;
  }
}
