import { Injectable } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import { UnauthorizedError } from '../../common/errors/domain-error';
import type { AuthenticatedUser } from '../../common/request/authenticated-user';

/** Requires a valid bearer token; sets `request.user` (read it with `@CurrentUser()`), else 401. */
@Injectable()
export class JwtAuthGuard extends AuthGuard('jwt') {
  override handleRequest<TUser = AuthenticatedUser>(error: unknown, user: TUser | false): TUser {
    if (error || !user) throw new UnauthorizedError('Please log in to continue.');
    return user;
  }
}
