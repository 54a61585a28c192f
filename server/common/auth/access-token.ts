import type { UserRole } from '../request/authenticated-user';

/** The one algorithm accepted: tokens signed otherwise (or unsigned, `alg: none`) are refused. */
export const JWT_ALGORITHM = 'HS256' as const;
export const ACCESS_TOKEN_TTL_SECONDS = 7 * 24 * 60 * 60;

/**
 * Claims of a bearer token. `pwd_at` is the account's password change time in epoch milliseconds: a token
 * whose `pwd_at` differs from the account's current one was issued before the last password change.
 */
export interface AccessTokenClaims {
  sub: string;
  role: UserRole;
  name: string;
  email: string;
  pwd_at: number;
  /** The session the token was issued for (ADR 066): once it ends (signed out), the token is refused. */
  sid?: string;
}
