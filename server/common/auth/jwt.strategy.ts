import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { Request } from 'express';
import { Strategy } from 'passport-jwt';
import type { AuthenticatedUser } from '../request/authenticated-user';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { AccessTokenClaims, JWT_ALGORITHM } from './access-token';

/** The account a token names, as it is now; provided by the accounts context. */
export interface TokenAccount extends AuthenticatedUser {
  passwordChangedAt: Date;
  /** A disabled staff account: its tokens are refused on the next call. */
  disabledAt: Date | null;
}

export const TOKEN_ACCOUNTS = Symbol('TOKEN_ACCOUNTS');

export interface TokenAccounts {
  /** With `sessionId`, null also when that session has ended (signed out, ADR 066). */
  findById(id: string, sessionId?: string): Promise<TokenAccount | null>;
}

/**
 * Verifies the bearer token (HS256 only, signature and expiry) and then the account behind it: a token for
 * a deleted or disabled account, or one issued before the last password change, is refused (the account row
 * is read by primary key on every call anyway, so a disabled account is refused on its very next call). The role and name come from
 * the account as it is now, not from the claims.
 */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(TOKEN_ACCOUNTS) private readonly accounts: TokenAccounts,
  ) {
    super({
      jwtFromRequest: bearerToken,
      secretOrKey: config.jwtSecret,
      algorithms: [JWT_ALGORITHM],
      ignoreExpiration: false,
    });
  }

  async validate(claims: AccessTokenClaims): Promise<AuthenticatedUser | false> {
    if (typeof claims.sub !== 'string' || typeof claims.pwd_at !== 'number') return false;
    if (claims.sid !== undefined && typeof claims.sid !== 'string') return false;
    const user = await this.accounts.findById(claims.sub, claims.sid);
    if (!user || user.disabledAt || user.passwordChangedAt.getTime() !== claims.pwd_at) return false;
    return { id: user.id, name: user.name, email: user.email, role: user.role };
  }
}

/**
 * `Authorization: Bearer <header>.<payload>.<signature>` and nothing else (RFC 6750). passport-jwt's own
 * extractor took the second word of any header, so `Bearer <token> anything` passed as well.
 */
const BEARER = /^Bearer ([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*)$/i;

export function bearerToken(request: Request): string | null {
  const header = request.headers.authorization;
  return typeof header === 'string' ? (BEARER.exec(header)?.[1] ?? null) : null;
}
