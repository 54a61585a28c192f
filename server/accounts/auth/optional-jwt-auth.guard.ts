import { Injectable } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import type { AuthenticatedUser } from '../../common/request/authenticated-user';

/**
 * Never refuses: sets `request.user` when a valid bearer token is sent and leaves it undefined otherwise
 * (no token, a bad one, an expired one). For calls guests and customers share, such as checkout.
 */
@Injectable()
export class OptionalJwtAuthGuard extends AuthGuard('jwt') {
  override handleRequest<TUser = AuthenticatedUser>(_error: unknown, user: TUser | false): TUser {
    return (user || undefined) as TUser;
  }
}
