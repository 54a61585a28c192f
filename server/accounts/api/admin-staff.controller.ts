import { Body, Controller, Get, Headers, HttpCode, Param, Post } from '@nestjs/common';
import { z } from 'zod';
import { eventMetadata, RequestMeta, type RequestMetadata } from '../../common/request/request-metadata';
import { parseOrThrow } from '../../common/validation/zod-validation.pipe';
import { says } from '../../common/validation/rule-message';
import { Roles } from '../../common/auth/roles.decorator';
import { addStaffRequest, resendInvitationRequest, StaffAccounts } from '../staff/staff-accounts';

const staffId = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, says('staff-id-invalid'));

/** Staff accounts in the console: admins invite, re-invite, withdraw and disable; care sees the list. */
@Controller('admin/staff')
@Roles('care', 'admin')
export class AdminStaffController {
  constructor(private readonly staff: StaffAccounts) {}

  @Get()
  list() {
    return this.staff.list();
  }

  /** `{name, email, role: care|admin, locale?}`: the new member gets an invitation mail with a link to set a password. */
  @Post()
  @Roles('admin')
  async add(@Body() body: unknown, @Headers('host') host: string | undefined, @RequestMeta() meta: RequestMetadata) {
    const { staff } = await this.staff.add(parseOrThrow(addStaffRequest, body), eventMetadata(meta), host);
    return staff;
  }

  @Post(':id/resend-invitation')
  @HttpCode(200)
  @Roles('admin')
  async resend(@Param('id') id: string, @Body() body: unknown, @Headers('host') host: string | undefined, @RequestMeta() meta: RequestMetadata) {
    const { locale } = parseOrThrow(resendInvitationRequest, body ?? {});
    const { staff } = await this.staff.resend(parseOrThrow(staffId, id), locale, eventMetadata(meta), host);
    return staff;
  }

  @Post(':id/revoke-invitation')
  @HttpCode(200)
  @Roles('admin')
  async revoke(@Param('id') id: string, @RequestMeta() meta: RequestMetadata) {
    await this.staff.revoke(parseOrThrow(staffId, id), eventMetadata(meta));
    return { success: true, message: 'The invitation was withdrawn.' };
  }

  @Post(':id/disable')
  @HttpCode(200)
  @Roles('admin')
  disable(@Param('id') id: string, @RequestMeta() meta: RequestMetadata) {
    return this.staff.disable(parseOrThrow(staffId, id), eventMetadata(meta));
  }
}
