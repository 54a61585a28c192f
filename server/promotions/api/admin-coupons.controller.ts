import { Body, Controller, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { CouponChangeResponse } from '../../../contracts/coupons';
import { Roles } from '../../common/auth/roles.decorator';
import { RequestMeta, type RequestMetadata } from '../../common/request/request-metadata';
import { parseOrThrow } from '../../common/validation/zod-validation.pipe';
import { ChangeCouponPhoneProofCommand, CreateCouponCommand, DisableCouponCommand } from '../manage-coupons/manage-coupons.commands';
import { ListCouponRedemptionsQuery, ListCouponsQuery } from '../list-coupons/list-coupons.query';
import { couponCodeParameter, createCouponRequest, disableCouponRequest, editCouponRequest } from './admin-coupons.requests';

/** Coupons for admins: the list with uses, creating and disabling codes (recorded as events), redemptions. */
@Controller('admin/coupons')
@Roles('admin')
export class AdminCouponsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get()
  async list() {
    return { data: await this.queries.execute(new ListCouponsQuery()) };
  }

  @Post()
  @HttpCode(201)
  async create(@Body() body: unknown, @RequestMeta() meta: RequestMetadata) {
    const { code, percent, validFrom, validUntil, totalLimit, perPhoneLimit, requiresVerifiedPhone } = parseOrThrow(createCouponRequest, body);
    const created = await this.commands.execute(
      new CreateCouponCommand(code, percent, validFrom, validUntil, totalLimit, perPhoneLimit, meta, requiresVerifiedPhone === true),
    );
    return { success: true, message: `Coupon ${created.code} created.`, data: created } satisfies CouponChangeResponse;
  }

  /** Whether the coupon needs a proven phone (issue 27); the rest of a coupon's rules are fixed once created. */
  @Patch(':code')
  @HttpCode(200)
  async edit(@Param('code') code: string, @Body() body: unknown, @RequestMeta() meta: RequestMetadata) {
    const coupon = parseOrThrow(couponCodeParameter, code);
    const { requiresVerifiedPhone } = parseOrThrow(editCouponRequest, body);
    const changed = await this.commands.execute(new ChangeCouponPhoneProofCommand(coupon, requiresVerifiedPhone, meta));
    return { success: true, message: `Coupon ${changed.code} updated.`, data: changed } satisfies CouponChangeResponse;
  }

  @Post(':code/disable')
  @HttpCode(200)
  async disable(@Param('code') code: string, @Body() body: unknown, @RequestMeta() meta: RequestMetadata) {
    const coupon = parseOrThrow(couponCodeParameter, code);
    const { reason } = parseOrThrow(disableCouponRequest, body);
    const disabled = await this.commands.execute(new DisableCouponCommand(coupon, reason, meta));
    return { success: true, message: `Coupon ${disabled.code} disabled.`, data: disabled } satisfies CouponChangeResponse;
  }

  @Get(':code/redemptions')
  async redemptions(@Param('code') code: string) {
    return { data: await this.queries.execute(new ListCouponRedemptionsQuery(parseOrThrow(couponCodeParameter, code))) };
  }
}
