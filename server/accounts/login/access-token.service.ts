import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import type { AccessTokenResponse } from '../../../contracts/accounts';
import type { UserAccount } from '../users/user-account';
import { ACCESS_TOKEN_TTL_SECONDS, AccessTokenClaims, JWT_ALGORITHM } from '../../common/auth/access-token';

/** Signs bearer tokens for an account as it is now (role, name and password change time). */
@Injectable()
export class AccessTokenService {
  constructor(private readonly jwt: JwtService) {}

  /** `sessionId`: the session the token belongs to (ADR 066); its end ends the token too. */
  async issue(user: Pick<UserAccount, 'id' | 'role' | 'name' | 'email' | 'passwordChangedAt'>, sessionId?: string): Promise<AccessTokenResponse> {
    const claims: AccessTokenClaims = {
      sub: user.id,
      role: user.role,
      name: user.name,
      email: user.email,
      pwd_at: user.passwordChangedAt.getTime(),
      ...(sessionId ? { sid: sessionId } : {}),
    };
    const token = await this.jwt.signAsync(claims, { algorithm: JWT_ALGORITHM, expiresIn: ACCESS_TOKEN_TTL_SECONDS });
    return { access_token: token, token_type: 'Bearer', expires_in: ACCESS_TOKEN_TTL_SECONDS };
  }
}
