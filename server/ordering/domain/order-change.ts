import { skuDecider, type SkuState } from '../../inventory/domain/sku';
import { skuStreamId } from '../../inventory/domain/sku-stream';
import { couponDecider, type CouponState } from '../../promotions/domain/coupon';
import { couponStreamId } from '../../promotions/domain/coupon-stream';
import { orderDecider, type OrderCommand, type OrderState } from './order';
import { orderStreamId } from './order-id';
import type { StreamEvents } from '../../event-store/command-path/decider';
import { storeCreditDecider, type StoreCreditState } from '../../returns/domain/store-credit';

export interface OrderChangeStates {
  order: OrderState;
  skus: ReadonlyMap<string, SkuState>;
  coupon: CouponState | null;
  /** The store-credit stream the order spent from, when the step gives credit back. */
  credit?: StoreCreditState | null;
}

/** Steps that give units back: cancel and expiry also give the coupon use back, a return only the units. */
const RELEASING = new Set<OrderCommand['type']>(['CancelOrder', 'WithdrawOrder', 'ReturnOrder', 'ExpireOrder', 'ReceiveReturnedParcel']);

/**
 * The streams a staff step touches besides the order's: a cancel or an expiry gives back every line's units and the
 * coupon's use; a return puts the units back into stock (the coupon stays used: the sale happened).
 */
export function orderChangeStreams(command: OrderCommand, order: OrderState): { skus: string[]; coupon: string | null; credit: string | null } {
  if (order.status === 'none' || !RELEASING.has(command.type)) return { skus: [], coupon: null, credit: null };
  const skus = [...new Set(order.lines.map((line) => skuStreamId(line.productId, line.size)))].sort();
  const coupon = command.type !== 'ReturnOrder' && command.type !== 'ReceiveReturnedParcel' && order.couponCode ? couponStreamId(order.couponCode) : null;
  // Store credit comes back with the coupon's use (ADR 062): the order was never sold.
  const credit = command.type !== 'ReturnOrder' && command.type !== 'ReceiveReturnedParcel' ? (order.storeCredit?.streamId ?? null) : null;
  return { skus, coupon, credit };
}

/** The order's events (by the order decider) plus the releases they imply, decided by the SKU and coupon deciders. */
export function decideOrderChange(command: OrderCommand, states: OrderChangeStates): StreamEvents[] {
  const orderEvents = orderDecider.decide(command, states.order);
  const order = states.order;
  if (order.status === 'none') return [];
  const result: StreamEvents[] = [{ streamId: orderStreamId(order.orderId), events: orderEvents }];
  if (!RELEASING.has(command.type)) return result;

  const reason =
    command.type === 'CancelOrder'
      ? `order cancelled: ${command.data.reason.trim()}`
      : command.type === 'WithdrawOrder'
        ? 'order cancelled by the customer'
      : command.type === 'ReturnOrder'
        ? `order returned: ${command.data.reason.trim()}`
        : command.type === 'ReceiveReturnedParcel'
          ? 'returned parcel received'
          : 'order expired: not confirmed in time';
  // A returned parcel puts back only the units care found undamaged (issue 29); every other release all units.
  const received = orderEvents.find((event) => event.type === 'ReturnedParcelReceived');
  const released = received && received.type === 'ReturnedParcelReceived' ? received.data.restocked : order.lines;
  const bySku = new Map<string, { productId: number; size: string; quantity: number }>();
  for (const line of released) {
    const streamId = skuStreamId(line.productId, line.size);
    const seen = bySku.get(streamId);
    bySku.set(streamId, { productId: line.productId, size: line.size, quantity: (seen?.quantity ?? 0) + line.quantity });
  }
  for (const [streamId, line] of command.type === 'ReceiveReturnedParcel' ? bySku : order.lines.map((line) => [skuStreamId(line.productId, line.size), line] as const)) {
    const state = states.skus.get(streamId);
    if (!state) throw new Error(`SKU stream ${streamId} was not loaded`);
    const events = skuDecider.decide(
      { type: 'ReleaseStock', data: { productId: line.productId, size: line.size, quantity: line.quantity, orderId: order.orderId, reason } },
      state,
    );
    result.push({ streamId, events });
  }
  if (command.type !== 'ReturnOrder' && command.type !== 'ReceiveReturnedParcel' && order.couponCode && states.coupon) {
    const events = couponDecider.decide({ type: 'ReleaseCouponRedemption', data: { code: order.couponCode, orderId: order.orderId, reason } }, states.coupon);
    result.push({ streamId: couponStreamId(order.couponCode), events });
  }
  if (command.type !== 'ReturnOrder' && command.type !== 'ReceiveReturnedParcel' && order.storeCredit && states.credit) {
    const events = storeCreditDecider.decide({ type: 'RestoreStoreCredit', data: { orderId: order.orderId, reason, now: command.data.now } }, states.credit);
    if (events.length > 0) result.push({ streamId: order.storeCredit.streamId, events });
  }
  return result;
}
