import { ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { ForbiddenError } from '../errors/domain-error';
import type { AuthenticatedUser, UserRole } from '../request/authenticated-user';
import { JwtAuthGuard } from './jwt-auth.guard';

/** Metadata key under which `@Roles(...)` stores the roles allowed. */
export const ROLES_KEY = 'accounts:roles';

/**
 * Authenticates like `JwtAuthGuard` (401 without a valid token), then requires one of the roles named by
 * `@Roles(...)` on the handler or its controller (403 otherwise). Without `@Roles` any signed-in user passes.
 */
@Injectable()
export class RolesGuard extends JwtAuthGuard {
  constructor(private readonly reflector: Reflector) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<Request & { user?: AuthenticatedUser }>();
    if (!request.user) await super.canActivate(context);
    const roles = this.reflector.getAllAndOverride<UserRole[] | undefined>(ROLES_KEY, [context.getHandler(), context.getClass()]);
    if (roles && roles.length > 0 && !roles.includes(request.user!.role)) {
      throw new ForbiddenError('forbidden');
    }
    return true;
  }
}
