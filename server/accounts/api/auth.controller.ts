import { Body, Controller, HttpCode, Post, Req, Res, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { JwtService } from '@nestjs/jwt';
import type { Request, Response } from 'express';
import type { AuthenticatedUser } from '../../common/request/authenticated-user';
import { RequestMeta, RequestMetadata } from '../../common/request/request-metadata';
import { CurrentUser } from '../../common/auth/current-user.decorator';
import { JwtAuthGuard } from '../../common/auth/jwt-auth.guard';
import { bearerToken } from '../../common/auth/jwt.strategy';
import type { AccessTokenClaims } from '../../common/auth/access-token';
import { UnauthorizedError } from '../../common/errors/domain-error';
import { LogIn } from '../login/log-in.command';
import type { SignedIn } from '../login/log-in.handler';
import { ChangePassword } from '../password/change-password.command';
import { AttemptLimit } from '../rate-limit/attempt-limit.interceptor';
import { RateLimit } from '../rate-limit/rate-limit.decorator';
import { RegisterCustomer } from '../register/register-customer.command';
import { AccountSessions, type SessionStart } from '../sessions/account-sessions';
import { extendSessionMarker, readRefreshCookie, setSessionCookies } from '../sessions/session-cookie';
import { SignIns } from '../sessions/sign-ins';
import { findUserById } from '../users/user-account';
import { toUserResponse } from '../users/user.response';
import { loginRequest, parseNewPassword, parseOrThrow, registerRequest } from './dto/account.requests';
import { FormBody } from './form-body';

/**
 * Sign-in and the session behind it (ADR 066): every sign-in answers the spec's bearer token in the body and,
 * beside it, an httpOnly refresh cookie, so a new tab (a tracking link opened from an SMS) is signed in too.
 */
@Controller('auth')
export class AuthController {
  private readonly sessions: AccountSessions;

  constructor(
    private readonly commands: CommandBus,
    private readonly signIns: SignIns,
    private readonly jwt: JwtService,
  ) {
    this.sessions = signIns.sessions;
  }

  @Post('register')
  @RateLimit('register')
  async register(@Body() body: unknown, @RequestMeta() meta: RequestMetadata, @Res({ passthrough: true }) response: Response) {
    const input = parseOrThrow(registerRequest, body);
    const signedIn = await this.commands.execute<RegisterCustomer, SignedIn>(new RegisterCustomer(input, meta));
    return { success: true, message: 'Your account has been created.', ...(await this.openSession(signedIn, 'register', meta, response)) };
  }

  /** Failed logins are limited per e-mail at one address and per address; a right password always gets in (ADR 024). */
  @Post('userLogin')
  @HttpCode(200)
  @AttemptLimit('login')
  async login(@Body() body: unknown, @RequestMeta() meta: RequestMetadata, @Res({ passthrough: true }) response: Response) {
    const { email, password } = parseOrThrow(loginRequest, body);
    const signedIn = await this.commands.execute<LogIn, SignedIn>(new LogIn(email, password));
    return { success: true, message: 'Logged in.', ...(await this.openSession(signedIn, 'login', meta, response)) };
  }

  /** Multipart (as the storefront sends it) or JSON: password, password_confirmation. */
  @Post('updatePassword')
  @HttpCode(200)
  @UseGuards(JwtAuthGuard)
  @FormBody()
  async updatePassword(@Body() body: unknown, @CurrentUser() user: AuthenticatedUser, @RequestMeta() meta: RequestMetadata, @Res({ passthrough: true }) response: Response) {
    const password = parseNewPassword(body, { password: 'password', confirmation: 'password_confirmation' });
    const signedIn = await this.commands.execute<ChangePassword, SignedIn>(new ChangePassword(user.id, password, meta));
    // Every session of the old password has ended; this tab goes on in a new one.
    return { success: true, message: 'Your password has been changed.', ...(await this.openSession(signedIn, 'password-change', meta, response)) };
  }

  /** The refresh cookie alone (a new tab): a bearer token for its session, and the cookie rotated. */
  @Post('refresh')
  @HttpCode(200)
  async refresh(@Req() request: Request, @RequestMeta() meta: RequestMetadata, @Res({ passthrough: true }) response: Response) {
    const raw = readRefreshCookie(request);
    const refreshed = raw ? await this.sessions.refresh(raw, { correlationId: meta.correlationId, causationId: meta.requestId, requestId: meta.requestId }) : null;
    if (!refreshed) {
      this.signIns.clear(response);
      throw new UnauthorizedError('session-ended');
    }
    if (refreshed.refreshToken) setSessionCookies(response, refreshed.refreshToken, refreshed.expiresAt, this.signIns.secureCookies);
    else extendSessionMarker(response, refreshed.expiresAt, this.signIns.secureCookies);
    return { success: true, message: 'Signed in.', user: toUserResponse(refreshed.user), ...refreshed.access };
  }

  /** Signing out ends the session of the cookie (and of the bearer token, if sent): every tab's token with it. */
  @Post('logout')
  @HttpCode(200)
  async logout(@Req() request: Request, @RequestMeta() meta: RequestMetadata, @Res({ passthrough: true }) response: Response) {
    const bearer = bearerToken(request);
    let sessionId: string | null = null;
    if (bearer) {
      try {
        const claims = await this.jwt.verifyAsync<AccessTokenClaims>(bearer);
        sessionId = typeof claims.sid === 'string' ? claims.sid : null;
      } catch {
        sessionId = null; // an expired or foreign token names no session to end
      }
    }
    await this.sessions.signOut(readRefreshCookie(request), sessionId, { correlationId: meta.correlationId, causationId: meta.requestId, requestId: meta.requestId });
    this.signIns.clear(response);
    return { success: true, message: 'Signed out.' };
  }

  private async openSession(signedIn: SignedIn, via: SessionStart, meta: RequestMetadata, response: Response) {
    const user = await findUserById(this.sessions.manager, signedIn.user.id);
    if (!user) throw new UnauthorizedError('login-required');
    return this.signIns.open(user, via, meta, response);
  }
}
