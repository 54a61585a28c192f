import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CouponCommandPath } from './coupon-command-path';
import { CreateCouponCommand, DisableCouponCommand, type CouponChanged } from './manage-coupons.commands';

@CommandHandler(CreateCouponCommand)
export class CreateCouponHandler implements ICommandHandler<CreateCouponCommand> {
  constructor(private readonly path: CouponCommandPath) {}

  execute({ code, percent, validFrom, validUntil, totalLimit, perPhoneLimit, meta }: CreateCouponCommand): Promise<CouponChanged> {
    return this.path.run(
      { type: 'CreateCoupon', data: { code, percent, validFrom: validFrom.toISOString(), validUntil: validUntil.toISOString(), totalLimit, perPhoneLimit } },
      meta,
    );
  }
}

@CommandHandler(DisableCouponCommand)
export class DisableCouponHandler implements ICommandHandler<DisableCouponCommand> {
  constructor(private readonly path: CouponCommandPath) {}

  execute({ code, reason, meta }: DisableCouponCommand): Promise<CouponChanged> {
    return this.path.run({ type: 'DisableCoupon', data: { code, reason } }, meta, reason);
  }
}
