import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import type { AuthenticatedUser } from '../request/authenticated-user';

/**
 * `@CurrentUser() user: AuthenticatedUser` behind `JwtAuthGuard` / `RolesGuard`;
 * `@CurrentUser() user: AuthenticatedUser | undefined` behind `OptionalJwtAuthGuard`.
 */
export const CurrentUser = createParamDecorator(
  (_: unknown, context: ExecutionContext): AuthenticatedUser | undefined =>
    context.switchToHttp().getRequest<Request & { user?: AuthenticatedUser }>().user,
);
