import { Body, Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { AuthenticatedUser } from '../../common/request/authenticated-user';
import { RequestMeta, RequestMetadata } from '../../common/request/request-metadata';
import { CurrentUser } from '../../common/auth/current-user.decorator';
import { JwtAuthGuard } from '../../common/auth/jwt-auth.guard';
import { LogIn } from '../login/log-in.command';
import type { SignedIn } from '../login/log-in.handler';
import { ChangePassword } from '../password/change-password.command';
import { AttemptLimit } from '../rate-limit/attempt-limit.interceptor';
import { RateLimit } from '../rate-limit/rate-limit.decorator';
import { RegisterCustomer } from '../register/register-customer.command';
import { loginRequest, parseNewPassword, parseOrThrow, registerRequest } from './dto/account.requests';
import { FormBody } from './form-body';

@Controller('auth')
export class AuthController {
  constructor(private readonly commands: CommandBus) {}

  @Post('register')
  @RateLimit('register')
  async register(@Body() body: unknown, @RequestMeta() meta: RequestMetadata) {
    const input = parseOrThrow(registerRequest, body);
    const signedIn = await this.commands.execute<RegisterCustomer, SignedIn>(new RegisterCustomer(input, meta));
    return { success: true, message: 'Your account has been created.', ...signedIn };
  }

  /** Failed logins are limited per e-mail at one address and per address; a right password always gets in (ADR 024). */
  @Post('userLogin')
  @HttpCode(200)
  @AttemptLimit('login')
  async login(@Body() body: unknown) {
    const { email, password } = parseOrThrow(loginRequest, body);
    const signedIn = await this.commands.execute<LogIn, SignedIn>(new LogIn(email, password));
    return { success: true, message: 'Logged in.', ...signedIn };
  }

  /** Multipart (as the storefront sends it) or JSON: password, password_confirmation. */
  @Post('updatePassword')
  @HttpCode(200)
  @UseGuards(JwtAuthGuard)
  @FormBody()
  async updatePassword(@Body() body: unknown, @CurrentUser() user: AuthenticatedUser, @RequestMeta() meta: RequestMetadata) {
    const password = parseNewPassword(body, { password: 'password', confirmation: 'password_confirmation' });
    const signedIn = await this.commands.execute<ChangePassword, SignedIn>(new ChangePassword(user.id, password, meta));
    return { success: true, message: 'Your password has been changed.', ...signedIn };
  }
}
