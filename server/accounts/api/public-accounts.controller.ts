import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { RequestMeta, RequestMetadata } from '../../common/request/request-metadata';
import { RateLimit } from '../rate-limit/rate-limit.decorator';
import {
  ConfirmEmail,
  FindAccount,
  RequestEmailVerification,
  RequestPasswordReset,
  ResetPassword,
} from '../recovery/recovery.commands';
import {
  findAccountRequest,
  forgotPasswordRequest,
  parseNewPassword,
  parseOrThrow,
  resetTokenRequest,
  sendVerifyMailRequest,
  updateVerifyMailRequest,
} from './dto/account.requests';
import { FormBody } from './form-body';

/** Account recovery for visitors: by phone (verification mail) and by e-mail (reset mail). */
@Controller('public')
export class PublicAccountsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Post('find-account')
  @HttpCode(200)
  @RateLimit('find-account')
  async findAccount(@Body() body: unknown) {
    const { phone } = parseOrThrow(findAccountRequest, body);
    await this.queries.execute(new FindAccount(phone));
    return { success: true, message: 'Account found!' };
  }

  @Post('send-verifymail')
  @HttpCode(200)
  @RateLimit('send-verifymail')
  async sendVerifyMail(@Body() body: unknown, @RequestMeta() meta: RequestMetadata) {
    const input = parseOrThrow(sendVerifyMailRequest, body);
    await this.commands.execute(new RequestEmailVerification(input.phone, input.email, input.host, meta));
    return {
      success: true,
      message: "We've sent a verification email to the address on this account. Please check your inbox or spam folder.",
    };
  }

  @Post('update-verifymail')
  @HttpCode(200)
  async updateVerifyMail(@Body() body: unknown, @RequestMeta() meta: RequestMetadata) {
    const input = parseOrThrow(updateVerifyMailRequest, body);
    await this.commands.execute(new ConfirmEmail(input.id, input.email, meta));
    return { success: true, message: 'Your email has been updated. Please log in.' };
  }

  /** The same answer whether or not the e-mail has an account. */
  @Post('send-verifymail-forgetpassword')
  @HttpCode(200)
  @RateLimit('forgot-password')
  async forgotPassword(@Body() body: unknown, @RequestMeta() meta: RequestMetadata) {
    const input = parseOrThrow(forgotPasswordRequest, body);
    await this.commands.execute(new RequestPasswordReset(input.email, input.host, meta));
    return { success: true, message: 'If an account uses this email, a password reset link is on its way. It is valid for 30 minutes.' };
  }

  /** Multipart (as the storefront sends it) or JSON: password, password_confirmation, id (the link's token). */
  @Post('restPassword')
  @HttpCode(200)
  @FormBody()
  async resetPassword(@Body() body: unknown, @RequestMeta() meta: RequestMetadata) {
    const password = parseNewPassword(body, { password: 'new_password', confirmation: 'new_password_confirmation' });
    const { id } = parseOrThrow(resetTokenRequest, body);
    await this.commands.execute(new ResetPassword(id, password, meta));
    return { success: true, message: 'Your password has been reset. Please log in with your new password.' };
  }
}
