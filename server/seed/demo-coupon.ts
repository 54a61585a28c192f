/**
 * The demo coupon, recorded as a `CouponCreated` event (shape owned by server/promotions/domain/coupon.events.ts)
 * so the promotions context folds it like any coupon staff create.
 */
import type { EventStore } from '../event-store/event-store';
import { ConcurrencyError } from '../event-store/concurrency-error';
import type { EventMetadata } from '../event-store/event-store.types';
import { couponStreamId } from '../promotions/domain/coupon-stream';
import type { CouponCreated } from '../promotions/domain/coupon.events';

const DAY_MS = 24 * 60 * 60 * 1000;

/** WELCOME10: 10% off, valid a year from the seed, 500 uses in all, one per phone number. */
export function demoCoupon(now: Date): CouponCreated {
  return {
    type: 'CouponCreated',
    data: {
      code: 'WELCOME10',
      percent: 10,
      validFrom: now.toISOString(),
      validUntil: new Date(now.getTime() + 365 * DAY_MS).toISOString(),
      totalLimit: 500,
      perPhoneLimit: 1,
    },
  };
}

/** Records the demo coupon unless its stream already exists. Returns whether it wrote. */
export async function seedDemoCoupon(eventStore: EventStore, metadata: EventMetadata, now: Date): Promise<boolean> {
  const coupon = demoCoupon(now);
  const streamId = couponStreamId(coupon.data.code);
  if ((await eventStore.streamVersion(streamId)) > 0) return false;
  try {
    await eventStore.append(streamId, 'no-stream', [coupon], metadata);
    return true;
  } catch (error) {
    // Another process seeding at the same moment created it: the coupon exists, which is all we want.
    if (error instanceof ConcurrencyError) return false;
    throw error;
  }
}
