import { Injectable } from '@nestjs/common';
import { eventMetadata, type RequestMetadata } from '../../common/request/request-metadata';
import { ConcurrencyError } from '../../event-store/concurrency-error';
import { EventStore } from '../../event-store/event-store';
import { decideCoupon, foldCoupon, type CouponCommand } from '../domain/coupon';
import type { CouponEvent } from '../domain/coupon.events';
import { couponStreamId, normalizeCouponCode } from '../domain/coupon-stream';
import type { CouponChanged } from './manage-coupons.commands';

const MAX_ATTEMPTS = 5;

/**
 * Read the coupon's stream, fold it, decide, append at the version read; on a concurrent write (a checkout
 * redeeming the same code) read again and decide again. Same shape as the inventory's `SkuCommandPath`.
 */
@Injectable()
export class CouponCommandPath {
  constructor(private readonly eventStore: EventStore) {}

  async run(command: CouponCommand, meta: RequestMetadata, note: string | null = null): Promise<CouponChanged> {
    const streamId = couponStreamId(command.data.code);
    for (let attempt = 1; ; attempt += 1) {
      const history = await this.eventStore.readStream(streamId);
      const state = foldCoupon(history.map((event) => ({ type: event.type, data: event.data }) as CouponEvent));
      const events = decideCoupon(command, state);
      try {
        const expected = history.length === 0 ? 'no-stream' : history[history.length - 1].streamPosition;
        const result = await this.eventStore.append(streamId, expected, events, eventMetadata(meta, { note }));
        return { code: normalizeCouponCode(command.data.code), version: result.streams[0].version };
      } catch (error) {
        if (!(error instanceof ConcurrencyError) || attempt >= MAX_ATTEMPTS) throw error;
      }
    }
  }
}
