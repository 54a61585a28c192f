import { skuDecider, type SkuState } from '../../inventory/domain/sku';
import type { SkuEvent } from '../../inventory/domain/sku.events';
import { couponDecider, type CouponState } from '../../promotions/domain/coupon';
import type { CouponEvent } from '../../promotions/domain/coupon.events';
import { checkoutStreams, decideCheckout, type CatalogProduct, type DeliveryCharges, type PhoneHistory, type PlaceOrder } from './checkout';
import { cartUnits, orderPhones, type AddressHold, type CheckoutLimits, type PhoneStanding } from './checkout-limits';
import type { StreamEvents } from '../../event-store/command-path/decider';
import { storeCreditDecider, type StoreCreditState } from '../../returns/domain/store-credit';
import type { StoreCreditEvent } from '../../returns/domain/return.events';

export interface CheckoutBatchStates {
  products: ReadonlyMap<number, CatalogProduct>;
  delivery: DeliveryCharges;
  skus: ReadonlyMap<string, SkuState>;
  coupons: ReadonlyMap<string, CouponState>;
  /** Store-credit streams of the checkouts that spend credit (absent: none does). */
  credits?: ReadonlyMap<string, StoreCreditState>;
  limits: Pick<CheckoutLimits, 'openOrdersPerPhone' | 'maxUnitsPerLine' | 'maxUnitsPerOrder' | 'unitsPerIpHour'>;
  phones: PhoneStanding;
  /** Unconfirmed orders of the last hour by the client address they were placed from. */
  addressHolds?: ReadonlyMap<string, readonly AddressHold[]>;
  /** Past orders and returns by contact phone (the advance rules read them; absent: none asked). */
  phoneHistory?: ReadonlyMap<string, PhoneHistory>;
}

export type CheckoutOutcome = { accepted: true; streams: StreamEvents[] } | { accepted: false; error: unknown };

/**
 * Several checkouts decided one after the other, as if each were appended before the next is decided: each
 * sees the stock, coupon uses, open unpaid orders per phone and units per client address the ones before it
 * took. One refused checkout does not affect the others.
 * `merged` is what the batch appends: every stream once, its events in decision order.
 */
export function decideCheckoutBatch(commands: readonly PlaceOrder[], states: CheckoutBatchStates): { outcomes: CheckoutOutcome[]; merged: StreamEvents[] } {
  const skus = new Map(states.skus);
  const coupons = new Map(states.coupons);
  const credits = new Map(states.credits);
  const merged = new Map<string, StreamEvents['events']>();
  const openOrders = new Map(states.phones.openOrders);
  const unverifiedBkash = new Map(states.phones.unverifiedBkash);
  const phones: PhoneStanding = { openOrders, unverifiedBkash, blocked: states.phones.blocked };
  const holds = new Map(states.addressHolds);
  const history = new Map(states.phoneHistory);
  const outcomes = commands.map((command): CheckoutOutcome => {
    const touched = checkoutStreams(command.data);
    const address = command.data.clientAddress ?? null;
    try {
      const streams = decideCheckout(command, {
        products: states.products,
        delivery: states.delivery,
        skus,
        coupon: touched.coupon ? (coupons.get(touched.coupon) ?? { exists: false }) : null,
        credit: touched.credit ? (credits.get(touched.credit) ?? storeCreditDecider.initialState()) : null,
        limits: states.limits,
        phones,
        addressHolds: address ? (holds.get(address) ?? []) : [],
        phoneHistory: history.get(command.data.customer.phone),
      });
      const before = history.get(command.data.customer.phone) ?? { orders: 0, returned: 0 };
      history.set(command.data.customer.phone, { ...before, orders: before.orders + 1 });
      // Every new order is unpaid: a bKash one until care verifies its transaction.
      for (const phone of orderPhones(command.data.customer)) {
        openOrders.set(phone, (openOrders.get(phone) ?? 0) + 1);
        if (command.data.payment.method === 'bkash') unverifiedBkash.set(phone, (unverifiedBkash.get(phone) ?? 0) + 1);
      }
      if (address) holds.set(address, [...(holds.get(address) ?? []), { units: cartUnits(command.data.cart), placedAt: command.data.now }]);
      for (const { streamId, events } of streams) {
        if (skus.has(streamId)) skus.set(streamId, events.reduce((state, event) => skuDecider.evolve(state, event as SkuEvent), skus.get(streamId)!));
        if (coupons.has(streamId)) coupons.set(streamId, events.reduce((state, event) => couponDecider.evolve(state, event as CouponEvent), coupons.get(streamId)!));
        if (streamId === touched.credit) credits.set(streamId, events.reduce((state, event) => storeCreditDecider.evolve(state, event as StoreCreditEvent), credits.get(streamId) ?? storeCreditDecider.initialState()));
        merged.set(streamId, [...(merged.get(streamId) ?? []), ...events]);
      }
      return { accepted: true, streams };
    } catch (error) {
      return { accepted: false, error };
    }
  });
  return { outcomes, merged: [...merged].map(([streamId, events]) => ({ streamId, events })) };
}
