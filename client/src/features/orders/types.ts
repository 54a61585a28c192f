import { formatDate, getLocale, tMaybe } from '../../lib/i18n/locale';
import type { OrderHistoryLineResponse, OrderRowResponse, OrderTrackingDetailsResponse, OrderTrackingResponse } from '../../../../contracts/orders';

/** Order shapes as the ordering API sends them (contracts/orders.ts); tracking details are absent from an older server. */
export type OrderRow = OrderRowResponse;
export type OrderLine = OrderHistoryLineResponse;
export type OrderTracking = OrderTrackingResponse & Partial<OrderTrackingDetailsResponse>;


/** Date and time in Dhaka, as "25 Nov 2026, 3:05 pm"; 24-hour in Bengali (ICU names the Bengali day periods in Latin letters). */
export function formatStepTime(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return formatDate(date, { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit', hour12: getLocale() === 'en' });
}

/** Status names show as text; their style class is the lowercased name with dashes (spec §4). */
export function statusClass(name: string): string {
  return name.trim().toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}

export function formatOrderDate(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return formatDate(date, { day: '2-digit', month: 'short', year: 'numeric' });
}

/**
 * What the courier collects at the door: an online order's grand total when paid in cash, nothing when bKash
 * paid it, an instant order's due.
 */
export function amountDueOnDelivery(order: Pick<OrderRow, 'order_type' | 'paymentMethod' | 'grand_total' | 'due'>): number | null {
  if (order.order_type !== 1) return order.due;
  if (order.paymentMethod === 'bkash') return 0;
  return order.grand_total;
}

/** A status or step name the server sends in English ("Pending"), in the shopper's language. */
export function statusLabel(name: string): string {
  return tMaybe(`status.${name}`, name);
}
