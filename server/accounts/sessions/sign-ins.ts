import { Inject, Injectable } from '@nestjs/common';
import type { Response } from 'express';
import type { SignedInResponse } from '../../../contracts/accounts';
import type { RequestMetadata } from '../../common/request/request-metadata';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import type { UserAccount } from '../users/user-account';
import { toUserResponse } from '../users/user.response';
import { AccountSessions, type SessionStart } from './account-sessions';
import { clearSessionCookies, setSessionCookies } from './session-cookie';

/**
 * Every way in (log in, register, a new password, an accepted invitation) ends the same: a session row, the
 * spec's bearer token in the body, and the refresh cookie beside it (Secure in production).
 */
@Injectable()
export class SignIns {
  readonly secureCookies: boolean;

  constructor(
    readonly sessions: AccountSessions,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.secureCookies = config.nodeEnv === 'production';
  }

  async open(user: UserAccount, via: SessionStart, meta: RequestMetadata, response: Response): Promise<SignedInResponse> {
    const opened = await this.sessions.open(user, via, { correlationId: meta.correlationId, causationId: meta.requestId, requestId: meta.requestId });
    setSessionCookies(response, opened.refreshToken, opened.expiresAt, this.secureCookies);
    return { user: toUserResponse(user), ...opened.access };
  }

  clear(response: Response): void {
    clearSessionCookies(response, this.secureCookies);
  }
}
