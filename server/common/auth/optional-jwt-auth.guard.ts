import { Injectable } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
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
  override handleRequest<TUser = AuthenticatedUser>(error: unknown, user: TUser | false): TUser {
    if (isDatabaseUnavailable(error)) throw error;
    return (user || undefined) as TUser;
  }
}
