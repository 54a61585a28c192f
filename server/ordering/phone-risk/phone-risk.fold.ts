import type { PhoneRiskResponse } from '../../../contracts/orders';
import type { RecordedEvent } from '../../event-store/event-store.types';
import { orderPhones } from '../domain/checkout-limits';
import type { OrderEvent } from '../domain/order.events';
import type { PhoneEvent } from '../domain/phone.events';
import { inStreamOrder } from '../projections/order-tracking.fold';
import { ERASED } from '../../event-store/personal-data/personal-data';

/** Events the per-phone risk record counts. */
export const PHONE_RISK_EVENT_TYPES = [
  'OrderPlaced',
  'InstantOrderPlaced',
  'OrderDelivered',
  'OrderReturned',
  'ReturnedParcelReceived',
  'OrderCancelled',
  'OrderExpired',
  'PhoneBlocked',
  'PhoneUnblocked',
];

const OUTCOME_OF: Record<string, 'delivered' | 'returned' | 'cancelled' | 'expired'> = {
  OrderDelivered: 'delivered',
  OrderReturned: 'returned',
  ReturnedParcelReceived: 'returned',
  OrderCancelled: 'cancelled',
  OrderExpired: 'expired',
};

/** What a batch adds to a phone's counts: the contract's counting fields (snake_case: it goes to jsonb_to_recordset as is). */
export type PhoneCountsDelta = Pick<PhoneRiskResponse, 'phone' | 'placed' | 'delivered' | 'returned' | 'cancelled' | 'expired' | 'last_order_id' | 'last_order_at'>;

/** A phone's block state after the batch: the contract's block fields. */
/** With the log position of the event it comes from, so a late write of an older event changes nothing. */
export type PhoneBlockRow = Pick<PhoneRiskResponse, 'phone' | 'blocked' | 'block_reason' | 'blocked_at'> & { block_position: string };

export interface PhoneRiskChanges {
  /** Orders placed in the batch and the phones they count for. */
  orders: Array<{ order_id: string; phones: string[] }>;
  counts: PhoneCountsDelta[];
  blocks: PhoneBlockRow[];
}

/**
 * Folds a batch into what it adds to each phone. An order counts for its contact and its shipping phone;
 * `knownPhones` are the phones of orders placed before the batch (from `phone_risk_orders`). Pure.
 */
export function foldPhoneRisk(events: readonly RecordedEvent[], knownPhones: ReadonlyMap<string, readonly string[]>): PhoneRiskChanges {
  const phonesOf = new Map(knownPhones);
  const orders: PhoneRiskChanges['orders'] = [];
  const counts = new Map<string, PhoneCountsDelta>();
  const blocks = new Map<string, PhoneBlockRow>();
  const delta = (phone: string) => {
    let row = counts.get(phone);
    if (!row) counts.set(phone, (row = { phone, placed: 0, delivered: 0, returned: 0, cancelled: 0, expired: 0, last_order_id: null, last_order_at: null }));
    return row;
  };
  for (const recorded of inStreamOrder(events)) {
    const event = { type: recorded.type, data: recorded.data } as OrderEvent | PhoneEvent;
    switch (event.type) {
      case 'OrderPlaced':
      case 'InstantOrderPlaced': {
        const phones = orderPhones(event.data.customer);
        phonesOf.set(event.data.orderId, phones);
        orders.push({ order_id: event.data.orderId, phones });
        for (const phone of phones) {
          const row = delta(phone);
          row.placed += 1;
          if (!row.last_order_at || event.data.placedAt >= row.last_order_at) {
            row.last_order_at = event.data.placedAt;
            row.last_order_id = event.data.orderId;
          }
        }
        break;
      }
      case 'PhoneBlocked':
      case 'PhoneUnblocked':
        // An erased number's block (ADR 053, issue 27) names no phone: it blocks nothing.
        if (event.data.phone === ERASED) break;
        if (event.type === 'PhoneUnblocked') {
          blocks.set(event.data.phone, { phone: event.data.phone, blocked: false, block_reason: null, blocked_at: null, block_position: String(recorded.globalPosition) });
          break;
        }
        blocks.set(event.data.phone, { phone: event.data.phone, blocked: true, block_reason: event.data.reason, blocked_at: event.data.at, block_position: String(recorded.globalPosition) });
        break;
      default: {
        const outcome = OUTCOME_OF[event.type];
        if (!outcome || !('orderId' in event.data)) break;
        for (const phone of phonesOf.get(event.data.orderId) ?? []) delta(phone)[outcome] += 1;
      }
    }
  }
  return { orders, counts: [...counts.values()], blocks: [...blocks.values()] };
}
