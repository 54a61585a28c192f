import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { eventMetadata } from '../../common/request/request-metadata';
import { CommandPath } from '../../event-store/command-path/command-path';
import { couponDecider, type CouponCommand, type CouponState } from '../domain/coupon';
import { couponStreamId, normalizeCouponCode } from '../domain/coupon-stream';
import { ChangeCouponPhoneProofCommand, CreateCouponCommand, DisableCouponCommand, type CouponChanged } from './manage-coupons.commands';

@CommandHandler(CreateCouponCommand)
export class CreateCouponHandler implements ICommandHandler<CreateCouponCommand> {
  constructor(private readonly commands: CommandPath) {}

  async execute({ code, percent, validFrom, validUntil, totalLimit, perPhoneLimit, meta, requiresVerifiedPhone }: CreateCouponCommand): Promise<CouponChanged> {
    const command: CouponCommand = {
      type: 'CreateCoupon',
      data: { code, percent, validFrom: validFrom.toISOString(), validUntil: validUntil.toISOString(), totalLimit, perPhoneLimit, requiresVerifiedPhone },
    };
    const { version } = await this.commands.handle(couponStreamId(code), (state: CouponState) => couponDecider.decide(command, state), eventMetadata(meta));
    return { code: normalizeCouponCode(code), version };
  }
}

@CommandHandler(DisableCouponCommand)
export class DisableCouponHandler implements ICommandHandler<DisableCouponCommand> {
  constructor(private readonly commands: CommandPath) {}

  async execute({ code, reason, meta }: DisableCouponCommand): Promise<CouponChanged> {
    const command: CouponCommand = { type: 'DisableCoupon', data: { code, reason } };
    const { version } = await this.commands.handle(couponStreamId(code), (state: CouponState) => couponDecider.decide(command, state), eventMetadata(meta, { note: reason }));
    return { code: normalizeCouponCode(code), version };
  }
}

@CommandHandler(ChangeCouponPhoneProofCommand)
export class ChangeCouponPhoneProofHandler implements ICommandHandler<ChangeCouponPhoneProofCommand> {
  constructor(private readonly commands: CommandPath) {}

  async execute({ code, requiresVerifiedPhone, meta }: ChangeCouponPhoneProofCommand): Promise<CouponChanged> {
    const command: CouponCommand = { type: 'ChangeCouponPhoneProof', data: { code, requiresVerifiedPhone } };
    const { version } = await this.commands.handle(couponStreamId(code), (state: CouponState) => couponDecider.decide(command, state), eventMetadata(meta));
    return { code: normalizeCouponCode(code), version };
  }
}
