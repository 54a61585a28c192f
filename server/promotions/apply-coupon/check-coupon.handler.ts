import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { CLOCK, type Clock } from '../../common/clock';
import { fold } from '../../event-store/command-path/decider';
import { EventStore } from '../../event-store/event-store';
import { assertCouponUsable, couponDecider } from '../domain/coupon';
import type { CouponEvent } from '../domain/coupon.events';
import { couponStreamId, normalizeCouponCode } from '../domain/coupon-stream';
import { CheckCouponQuery, type CouponCheck } from './check-coupon.query';

@QueryHandler(CheckCouponQuery)
export class CheckCouponHandler implements IQueryHandler<CheckCouponQuery, CouponCheck> {
  constructor(
    private readonly eventStore: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ code, phone }: CheckCouponQuery): Promise<CouponCheck> {
    const events = await this.eventStore.readStream(couponStreamId(code));
    const state = fold(couponDecider, events.map((event) => ({ type: event.type, data: event.data }) as CouponEvent));
    return { code: normalizeCouponCode(code), percent: assertCouponUsable(state, this.clock.now(), phone ?? undefined) };
  }
}
