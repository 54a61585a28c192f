import { Body, Controller, Get, Header, HttpCode, Post, Query, UseGuards } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import { QueryBus } from '@nestjs/cqrs';
import { mobilePhoneOf } from '../../../contracts/phone';
import type { PersonalDataExport } from '../../../contracts/privacy';
import { CurrentUser } from '../../common/auth/current-user.decorator';
import { JwtAuthGuard } from '../../common/auth/jwt-auth.guard';
import { Roles } from '../../common/auth/roles.decorator';
import { ValidationFailedError } from '../../common/errors/domain-error';
import type { AuthenticatedUser } from '../../common/request/authenticated-user';
import { GetPersonalDataQuery } from '../export/personal-data.query';
import { PersonalDataErasure } from '../erasure/erase-personal-data';
import { PasswordHasher } from '../../accounts/password-hasher';
import { eventMetadata, RequestMeta, type RequestMetadata } from '../../common/request/request-metadata';
import { parseOrThrow } from '../../common/validation/zod-validation.pipe';
import { says } from '../../common/validation/rule-message';

export const deleteAccountRequest = z.object({
  password: z.string({ error: says('delete-password-required') }).min(1, says('delete-password-required')).max(200),
});
export const erasePhoneRequest = z.object({
  phone: z.string({ error: says('field-missing', { field: 'phone number' }) }).max(40),
  reason: z.string({ error: says('reason-required') }).trim().min(1, says('reason-required')).max(500),
});

/**
 * Personal-data exports (issue 21): the signed-in person's own, and care's for a phone number. Never cached:
 * the answer is the person's data as of now.
 */
@Controller()
export class PersonalDataController {
  constructor(
    private readonly queries: QueryBus,
    private readonly erasure: PersonalDataErasure,
    private readonly dataSource: DataSource,
    private readonly passwords: PasswordHasher,
  ) {}

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
    if (!phone) throw ValidationFailedError.field('phone', 'phone-invalid');
    return { success: true, data: await this.queries.execute(new GetPersonalDataQuery({ kind: 'phone', phone })) };
  }

  /**
   * The signed-in customer deletes their account and every personal field the store holds about them, after
   * typing their password again. Refused (409, naming the orders) while an order is still in progress.
   */
  @Post('customer/delete-account')
  @HttpCode(200)
  @UseGuards(JwtAuthGuard)
  async deleteOwn(@CurrentUser() user: AuthenticatedUser, @Body() body: unknown, @RequestMeta() meta: RequestMetadata) {
    const { password } = parseOrThrow(deleteAccountRequest, body);
    const [row]: Array<{ password_hash: string }> = await this.dataSource.query('SELECT password_hash FROM users WHERE id = $1::uuid', [user.id]);
    if (!row || !(await this.passwords.verify(password, row.password_hash))) {
      throw ValidationFailedError.field('password', 'password-wrong');
    }
    const result = await this.erasure.erase({ kind: 'account', userId: user.id }, 'The customer deleted their account.', eventMetadata(meta));
    return {
      success: true,
      message: `Your account and your personal data are deleted. ${result.orders.length} past order(s) stay in our books without your name, phone, e-mail or address.`,
    };
  }

  /** Admin erases a phone number's personal data (with a reason): its orders', and the accounts that placed them. */
  @Post('admin/personal-data/erase')
  @HttpCode(200)
  @Roles('admin')
  async erasePhone(@Body() body: unknown, @RequestMeta() meta: RequestMetadata) {
    const input = parseOrThrow(erasePhoneRequest, body);
    const phone = mobilePhoneOf(input.phone);
    if (!phone) throw ValidationFailedError.field('phone', 'phone-invalid');
    const result = await this.erasure.erase({ kind: 'phone', phone }, input.reason, eventMetadata(meta, { note: input.reason }));
    return {
      success: true,
      phone,
      orders: result.orders,
      accounts_deleted: result.accountsDeleted,
      message: `The personal data of ${phone} is erased: ${result.orders.length} order(s) keep their amounts without name, phone, e-mail or address${
        result.accountsDeleted ? `, and ${result.accountsDeleted} account(s) that placed them are deleted` : ''
      }.`,
    };
  }
}
