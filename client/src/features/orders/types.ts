/** Order shapes of spec §3 as the ordering API sends them. */
export interface OrderRow {
  orderId: string;
  order_status_name?: string;
  customer_name: string | null;
  email: string | null;
  phone_number: string | null;
  address: string | null;
  shipping_phone: string | null;
  order_date: string;
  order_type: number;
  subtotal: number | null;
  discount: number;
  discount_amount: number;
  devliery_charge: number | null;
  grand_total: number | null;
  paymentMethod: string | null;
  bkash_number: string | null;
  transaction_id: string | null;
  payment_type: string | null;
  amount: number | null;
  advance: number | null;
  due: number | null;
  currencySymbol?: string;
}

export interface OrderLine {
  productName?: string;
  name?: string;
  id: number;
  slug: string;
  thumbnail: string;
  qty: number;
  size: string;
  price: number;
}

export interface OrderTracking extends Partial<OrderTrackingDetails> {
  order_status_name: string;
  user_name: string;
  user_phone: string;
  user_email: string | null;
  order_date: string;
  coupons: string;
  orderId: string;
}

/** What the tracking answer adds beside the spec's fields (issue 16): steps, items, totals, courier, tokens. */
export interface OrderTrackingDetails {
  status: string;
  steps: Array<{ step: string; name: string; at: string }>;
  items: Array<{ name: string; slug: string; thumbnail: string; size: string; qty: number; price: number; total: number }>;
  currencySymbol: string;
  order_type: number;
  paymentMethod: string | null;
  bkash_verified: boolean;
  subtotal: number | null;
  discount_amount: number;
  devliery_charge: number | null;
  grand_total: number | null;
  pay_on_delivery: number;
  courier: string | null;
  tracking_code: string | null;
  lucky_draw_tokens: string[];
}

/** Date and time in Dhaka, as "25 Nov 2026, 3:05 pm". */
export function formatStepTime(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return date.toLocaleString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit', hour12: true, timeZone: 'Asia/Dhaka' });
}

/** Status names show as text; their style class is the lowercased name with dashes (spec §4). */
export function statusClass(name: string): string {
  return name.trim().toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}

export function formatOrderDate(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return date.toLocaleDateString('en-GB', { day: '2-digit', month: 'short', year: 'numeric', timeZone: 'Asia/Dhaka' });
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
