/** Who a bearer token says the caller is; set on `request.user` by the JWT strategy. */
export type UserRole = 'customer' | 'care' | 'admin';

export interface AuthenticatedUser {
  id: string;
  name: string;
  email: string;
  role: UserRole;
}

export const STAFF_ROLES: readonly UserRole[] = ['care', 'admin'];
