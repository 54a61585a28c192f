import { readJson, writeJson } from '../../lib/storage';

/** The last placed order's id, stored as `{ value }` (spec §2 Order confirmation, §4). */
export const ORDER_ID_KEY = 'orderId';

export function saveLastOrderId(orderId: string): void {
  writeJson(ORDER_ID_KEY, { value: orderId });
}

export function readLastOrderId(): string | null {
  const stored = readJson<unknown>(ORDER_ID_KEY, null);
  const value = typeof stored === 'object' && stored !== null ? (stored as { value?: unknown }).value : null;
  return typeof value === 'string' && value ? value : typeof value === 'number' ? String(value) : null;
}

/**
 * The order sent to the bKash (or demo) gateway and its phone, for this tab only: back on the confirmation page
 * the shopper's phone lets it read the payment, try again or switch to cash (issue 34).
 */
const PAYMENT_ORDER_KEY = 'paymentOrder';
const session = () => window.sessionStorage;

export function savePaymentOrder(orderId: string, phone: string): void {
  writeJson(PAYMENT_ORDER_KEY, { orderId, phone }, undefined, session);
}

/** The phone stored for this order when it went to the gateway, or null. */
export function readPaymentOrderPhone(orderId: string): string | null {
  const stored = readJson<{ orderId?: unknown; phone?: unknown } | null>(PAYMENT_ORDER_KEY, null, session);
  return stored && stored.orderId === orderId && typeof stored.phone === 'string' ? stored.phone : null;
}
