import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { z } from 'zod';
import { mobilePhoneOf } from '../../../contracts/phone';
import { RateLimit } from '../../accounts/rate-limit/rate-limit.decorator';
import { parseOrThrow } from '../../common/validation/zod-validation.pipe';
import { says } from '../../common/validation/rule-message';
import { CheckCouponQuery } from '../apply-coupon/check-coupon.query';

export const applyCouponRequest = z.object({
  coupon_code: z.preprocess(
    (value) => value ?? '',
    z
      .string({ error: says('coupon-required') })
      .trim()
      .min(1, { error: says('coupon-required'), abort: true })
      .max(40, says('coupon-invalid'))
      .regex(/^[A-Za-z0-9_-]+$/, says('coupon-invalid')),
  ),
  phone: z.preprocess((value) => mobilePhoneOf(value) ?? undefined, z.string().optional()),
});

/** `POST /api/public/apply-coupon` (spec §7): the percent and a message; a 422 naming why a code is refused. */
@Controller('public')
export class PublicCouponsController {
  constructor(private readonly queries: QueryBus) {}

  @Post('apply-coupon')
  @HttpCode(200)
  @RateLimit('coupon')
  async applyCoupon(@Body() body: unknown) {
    const { coupon_code, phone } = parseOrThrow(applyCouponRequest, body);
    const coupon = await this.queries.execute(new CheckCouponQuery(coupon_code, phone ?? null));
    return { success: true, discount: coupon.percent, coupon_code: coupon.code, message: 'Coupon applied successfully.' };
  }
}
