import { applyDecorators, SetMetadata, UseGuards } from '@nestjs/common';
import type { UserRole } from '../request/authenticated-user';
import { ROLES_KEY, RolesGuard } from './roles.guard';

/**
 * `@Roles('care', 'admin')` on a controller or handler: 401 without a valid token, 403 when the account's
 * role is not one of those named. Applies `RolesGuard` itself; no `@UseGuards` needed.
 */
export const Roles = (...roles: UserRole[]) => applyDecorators(SetMetadata(ROLES_KEY, roles), UseGuards(RolesGuard));
