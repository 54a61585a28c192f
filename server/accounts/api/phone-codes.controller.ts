import { Body, Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { CurrentUser } from '../../common/auth/current-user.decorator';
import { JwtAuthGuard } from '../../common/auth/jwt-auth.guard';
import type { AuthenticatedUser } from '../../common/request/authenticated-user';
import { RequestMeta, RequestMetadata } from '../../common/request/request-metadata';
import { ConfirmCheckoutPhone, RequestPhoneCode, ResetPasswordByPhone, VerifyAccountPhone } from '../phone-codes/phone-code.commands';
import { PHONE_CODE_MESSAGES } from '../phone-codes/phone-codes';
import { RateLimit } from '../rate-limit/rate-limit.decorator';
import type { UserResponse } from '../users/user.response';
import { accountPhoneCodeRequest, parseNewPassword, parseOrThrow, phoneCodeCheckRequest, publicPhoneCodeRequest } from './dto/account.requests';

/**
 * Phone codes for visitors (issue 17): ask for a code (recovery by phone, a checkout's phone), prove a
 * checkout's phone, reset a password with the code sent to the account's phone.
 */
@Controller('public')
export class PublicPhoneCodesController {
  constructor(private readonly commands: CommandBus) {}

  /** The same answer whether or not an SMS goes (no account for recovery, or the phone had its codes this hour). */
  @Post('phone-codes')
  @HttpCode(200)
  @RateLimit('phone-code')
  async requestCode(@Body() body: unknown, @RequestMeta() meta: RequestMetadata) {
    const input = parseOrThrow(publicPhoneCodeRequest, body);
    await this.commands.execute(new RequestPhoneCode(input.phone, input.purpose, null, input.locale, meta));
    return { success: true, message: PHONE_CODE_MESSAGES.sent };
  }

  @Post('phone-codes/verify')
  @HttpCode(200)
  @RateLimit('phone-code-verify')
  async verifyCheckoutPhone(@Body() body: unknown, @RequestMeta() meta: RequestMetadata) {
    const input = parseOrThrow(phoneCodeCheckRequest, body);
    const { proof, expiresAt } = await this.commands.execute<ConfirmCheckoutPhone, { proof: string; expiresAt: Date }>(
      new ConfirmCheckoutPhone(input.phone, input.code, meta),
    );
    return { success: true, message: 'Your phone number is verified.', phone_proof: proof, expires_at: expiresAt.toISOString() };
  }

  /** JSON: phone, code, password, password_confirmation. */
  @Post('reset-password-by-phone')
  @HttpCode(200)
  @RateLimit('phone-code-verify')
  async resetPasswordByPhone(@Body() body: unknown, @RequestMeta() meta: RequestMetadata) {
    const input = parseOrThrow(phoneCodeCheckRequest, body);
    const password = parseNewPassword(body, { password: 'password', confirmation: 'password_confirmation' });
    await this.commands.execute(new ResetPasswordByPhone(input.phone, input.code, password, meta));
    return { success: true, message: 'Your password has been reset. Please log in with your new password.' };
  }
}

/** The signed-in customer's phone: a code to the new number, then the code puts it on the account, verified. */
@Controller('user')
@UseGuards(JwtAuthGuard)
export class AccountPhoneController {
  constructor(private readonly commands: CommandBus) {}

  @Post('phone-code')
  @HttpCode(200)
  @RateLimit('phone-code')
  async requestCode(@Body() body: unknown, @CurrentUser() current: AuthenticatedUser, @RequestMeta() meta: RequestMetadata) {
    const input = parseOrThrow(accountPhoneCodeRequest, body);
    await this.commands.execute(new RequestPhoneCode(input.phone, 'account-phone', current.id, input.locale, meta));
    return { success: true, message: PHONE_CODE_MESSAGES.sent };
  }

  @Post('verify-phone')
  @HttpCode(200)
  @RateLimit('phone-code-verify')
  async verifyPhone(@Body() body: unknown, @CurrentUser() current: AuthenticatedUser, @RequestMeta() meta: RequestMetadata) {
    const input = parseOrThrow(phoneCodeCheckRequest, body);
    const user = await this.commands.execute<VerifyAccountPhone, UserResponse>(new VerifyAccountPhone(current.id, input.phone, input.code, meta));
    return { success: true, message: 'Your phone number is verified.', user };
  }
}
