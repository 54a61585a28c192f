import { skuDecider, type SkuState } from '../../inventory/domain/sku';
import type { SkuEvent } from '../../inventory/domain/sku.events';
import { couponDecider, type CouponState } from '../../promotions/domain/coupon';
import type { CouponEvent } from '../../promotions/domain/coupon.events';
import { checkoutStreams, decideCheckout, type CatalogProduct, type DeliveryCharges, type PlaceOrder } from './checkout';
import { orderPhones, type CheckoutLimits, type PhoneStanding } from './checkout-limits';
import type { StreamEvents } from '../../event-store/command-path/decider';

export interface CheckoutBatchStates {
  products: ReadonlyMap<number, CatalogProduct>;
  delivery: DeliveryCharges;
  skus: ReadonlyMap<string, SkuState>;
  coupons: ReadonlyMap<string, CouponState>;
  limits: Pick<CheckoutLimits, 'openOrdersPerPhone' | 'maxUnitsPerLine' | 'maxUnitsPerOrder'>;
  phones: PhoneStanding;
}

export type CheckoutOutcome = { accepted: true; streams: StreamEvents[] } | { accepted: false; error: unknown };

/**
 * Several checkouts decided one after the other, as if each were appended before the next is decided: each
 * sees the stock, coupon uses and open COD orders per phone the ones before it took. One refused checkout does not affect the others.
 * `merged` is what the batch appends: every stream once, its events in decision order.
 */
export function decideCheckoutBatch(commands: readonly PlaceOrder[], states: CheckoutBatchStates): { outcomes: CheckoutOutcome[]; merged: StreamEvents[] } {
  const skus = new Map(states.skus);
  const coupons = new Map(states.coupons);
  const merged = new Map<string, StreamEvents['events']>();
  const openCodOrders = new Map(states.phones.openCodOrders);
  const phones: PhoneStanding = { openCodOrders, blocked: states.phones.blocked };
  const outcomes = commands.map((command): CheckoutOutcome => {
    const touched = checkoutStreams(command.data);
    try {
      const streams = decideCheckout(command, {
        products: states.products,
        delivery: states.delivery,
        skus,
        coupon: touched.coupon ? (coupons.get(touched.coupon) ?? { exists: false }) : null,
        limits: states.limits,
        phones,
      });
      if (command.data.payment.method === 'cash') {
        for (const phone of orderPhones(command.data.customer)) openCodOrders.set(phone, (openCodOrders.get(phone) ?? 0) + 1);
      }
      for (const { streamId, events } of streams) {
        if (skus.has(streamId)) skus.set(streamId, events.reduce((state, event) => skuDecider.evolve(state, event as SkuEvent), skus.get(streamId)!));
        if (coupons.has(streamId)) coupons.set(streamId, events.reduce((state, event) => couponDecider.evolve(state, event as CouponEvent), coupons.get(streamId)!));
        merged.set(streamId, [...(merged.get(streamId) ?? []), ...events]);
      }
      return { accepted: true, streams };
    } catch (error) {
      return { accepted: false, error };
    }
  });
  return { outcomes, merged: [...merged].map(([streamId, events]) => ({ streamId, events })) };
}
