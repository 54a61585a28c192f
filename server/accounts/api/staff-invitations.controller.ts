import { Body, Controller, Get, HttpCode, Param, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import { z } from 'zod';
import { eventMetadata, RequestMeta, type RequestMetadata } from '../../common/request/request-metadata';
import { says } from '../../common/validation/rule-message';
import { SignIns } from '../sessions/sign-ins';
import { StaffAccounts } from '../staff/staff-accounts';
import { parseNewPassword, parseOrThrow } from './dto/account.requests';

export const invitationToken = z.string({ error: says('invitation-expired') }).trim().min(1, says('invitation-expired')).describe('The token of the invitation link');
export const acceptInvitationRequest = z.object({ token: invitationToken });

/**
 * The console's set-password page of an invitation (issue 31): who is invited, then the password, which
 * signs the member in (bearer token and refresh cookie, as a log-in does).
 */
@Controller('public/staff-invitations')
export class StaffInvitationsController {
  constructor(
    private readonly staff: StaffAccounts,
    private readonly signIns: SignIns,
  ) {}

  @Get(':token')
  invitation(@Param('token') token: string) {
    return this.staff.invitation(parseOrThrow(invitationToken, token));
  }

  /** `{token, password, password_confirmation}`. */
  @Post('accept')
  @HttpCode(200)
  async accept(@Body() body: unknown, @RequestMeta() meta: RequestMetadata, @Res({ passthrough: true }) response: Response) {
    const password = parseNewPassword(body, { password: 'password', confirmation: 'password_confirmation' });
    const { token } = parseOrThrow(acceptInvitationRequest, body);
    const { actor: _guest, ...metadata } = eventMetadata(meta);
    const user = await this.staff.accept(token, password, metadata);
    return { success: true, message: 'Your password is set. Welcome to the console.', ...(await this.signIns.open(user, 'invitation', meta, response)) };
  }
}
