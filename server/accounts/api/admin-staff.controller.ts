import { Body, Controller, Get, Headers, HttpCode, Param, Post } from '@nestjs/common';
import { z } from 'zod';
import { eventMetadata, RequestMeta, type RequestMetadata } from '../../common/request/request-metadata';
import { parseOrThrow } from '../../common/validation/zod-validation.pipe';
import { says } from '../../common/validation/rule-message';
import { Roles } from '../../common/auth/roles.decorator';
import { addStaffRequest, StaffAccounts } from '../staff/staff-accounts';

const staffId = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, says('staff-id-invalid'));

/** Staff accounts in the console: admins add and disable them, care sees the list. */
@Controller('admin/staff')
@Roles('care', 'admin')
export class AdminStaffController {
  constructor(private readonly staff: StaffAccounts) {}

  @Get()
  list() {
    return this.staff.list();
  }

  /** `{name, email, role: care|admin}`: the new member gets a mail with a single-use link to set a password. */
  @Post()
  @Roles('admin')
  async add(@Body() body: unknown, @Headers('host') host: string | undefined, @RequestMeta() meta: RequestMetadata) {
    const { staff } = await this.staff.add(parseOrThrow(addStaffRequest, body), eventMetadata(meta), host);
    return staff;
  }

  @Post(':id/disable')
  @HttpCode(200)
  @Roles('admin')
  disable(@Param('id') id: string, @RequestMeta() meta: RequestMetadata) {
    return this.staff.disable(parseOrThrow(staffId, id), eventMetadata(meta));
  }
}
