import { Controller, Get, Header, Query, UseGuards } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { mobilePhoneOf } from '../../../contracts/phone';
import type { PersonalDataExport } from '../../../contracts/privacy';
import { CurrentUser } from '../../common/auth/current-user.decorator';
import { JwtAuthGuard } from '../../common/auth/jwt-auth.guard';
import { Roles } from '../../common/auth/roles.decorator';
import { ValidationFailedError } from '../../common/errors/domain-error';
import type { AuthenticatedUser } from '../../common/request/authenticated-user';
import { GetPersonalDataQuery } from '../export/personal-data.query';

export const PHONE_INVALID = 'The phone number must be an 11-digit mobile number starting with 01.';

/**
 * Personal-data exports (issue 21): the signed-in person's own, and care's for a phone number. Never cached:
 * the answer is the person's data as of now.
 */
@Controller()
export class PersonalDataController {
  constructor(private readonly queries: QueryBus) {}

  @Get('customer/personal-data')
  @UseGuards(JwtAuthGuard)
  @Header('Cache-Control', 'no-store')
  async own(@CurrentUser() user: AuthenticatedUser): Promise<{ success: true; data: PersonalDataExport }> {
    return { success: true, data: await this.queries.execute(new GetPersonalDataQuery({ kind: 'account', userId: user.id })) };
  }

  @Get('admin/personal-data')
  @Roles('care', 'admin')
  @Header('Cache-Control', 'no-store')
  async byPhone(@Query('phone') raw: unknown): Promise<{ success: true; data: PersonalDataExport }> {
    const phone = mobilePhoneOf(raw);
    if (!phone) throw new ValidationFailedError({ phone: [PHONE_INVALID] });
    return { success: true, data: await this.queries.execute(new GetPersonalDataQuery({ kind: 'phone', phone })) };
  }
}
