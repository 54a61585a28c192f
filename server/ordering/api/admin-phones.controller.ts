import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { Roles } from '../../common/auth/roles.decorator';
import { ValidationFailedError } from '../../common/errors/domain-error';
import { RequestMeta, type RequestMetadata } from '../../common/request/request-metadata';
import { parseOrThrow } from '../../common/validation/zod-validation.pipe';
import { normalizePhoneNumber } from '../domain/phone';
import { ChangePhoneBlockCommand } from '../phone-risk/phone-blocks';
import { PhoneRiskReadModel } from '../phone-risk/phone-risk.read-model';
import { reasonRequest } from './dto/admin-orders.requests';

function phoneOrThrow(raw: string): string {
  const phone = normalizePhoneNumber(raw);
  if (!phone) throw ValidationFailedError.field('phone', 'phone-invalid');
  return phone;
}

/** A phone number's record as a customer (issue 14): care reads it, admin blocks and unblocks it. */
@Controller('admin/phones')
@Roles('care', 'admin')
export class AdminPhonesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly risk: PhoneRiskReadModel,
  ) {}

  @Get(':phone')
  async view(@Param('phone') phone: string) {
    const [record] = await this.risk.of([phoneOrThrow(phone)]);
    return { success: true, data: record };
  }

  @Post(':phone/block')
  @HttpCode(200)
  @Roles('admin')
  async block(@Param('phone') phone: string, @Body() body: unknown, @RequestMeta() meta: RequestMetadata) {
    const number = phoneOrThrow(phone);
    await this.commands.execute(new ChangePhoneBlockCommand(number, true, parseOrThrow(reasonRequest, body).reason, meta));
    return { success: true, phone: number, blocked: true, message: `Orders for ${number} are refused from now on.` };
  }

  @Post(':phone/unblock')
  @HttpCode(200)
  @Roles('admin')
  async unblock(@Param('phone') phone: string, @Body() body: unknown, @RequestMeta() meta: RequestMetadata) {
    const number = phoneOrThrow(phone);
    await this.commands.execute(new ChangePhoneBlockCommand(number, false, parseOrThrow(reasonRequest, body).reason, meta));
    return { success: true, phone: number, blocked: false, message: `Orders for ${number} are taken again.` };
  }
}
