/**
 * The order status state machine (docs/decisions/013). A status is where the last status event left the
 * order; the table says which step may follow which. Anything not listed is refused.
 */
import type { OrderEvent } from './order.events';

export type OrderStatus = 'pending' | 'confirmed' | 'processing' | 'shipped' | 'delivered' | 'cancelled' | 'returned' | 'expired';

export type StatusStep = 'confirm' | 'startProcessing' | 'ship' | 'deliver' | 'cancel' | 'return' | 'expire' | 'withdraw';

export const TRANSITIONS: Record<StatusStep, { from: readonly OrderStatus[]; to: OrderStatus }> = {
  confirm: { from: ['pending'], to: 'confirmed' },
  startProcessing: { from: ['confirmed'], to: 'processing' },
  ship: { from: ['processing'], to: 'shipped' },
  deliver: { from: ['shipped'], to: 'delivered' },
  cancel: { from: ['pending', 'confirmed', 'processing'], to: 'cancelled' },
  return: { from: ['delivered'], to: 'returned' },
  /** Nobody confirmed it in time (issue 14); only a pending order expires, so never twice. */
  expire: { from: ['pending'], to: 'expired' },
  /** The shopper cancels their own order, only before care confirmed it (issue 14). */
  withdraw: { from: ['pending'], to: 'cancelled' },
};

/** Names shown to shoppers (spec §4: the style class is the lowercased name with dashes). */
export const STATUS_NAMES: Record<OrderStatus, string> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  processing: 'Processing',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  returned: 'Returned',
  expired: 'Expired',
};

/** The status an order is in after each status event (events not listed leave it where it was). */
export const STATUS_AFTER_EVENT: Partial<Record<OrderEvent['type'], OrderStatus>> = {
  OrderConfirmed: 'confirmed',
  OrderProcessingStarted: 'processing',
  OrderShipped: 'shipped',
  OrderDelivered: 'delivered',
  OrderCancelled: 'cancelled',
  OrderReturned: 'returned',
  OrderExpired: 'expired',
  ReturnedParcelReceived: 'returned',
};
