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

export interface OrderTracking {
  order_status_name: string;
  user_name: string;
  user_phone: string;
  user_email: string | null;
  order_date: string;
  coupons: string;
  orderId: string;
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
