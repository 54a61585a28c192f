import { isMobilePhone, normalizePhone } from '../../../../contracts/phone';

export interface CheckoutFields {
  name: string;
  phone: string;
  address: string;
  shipping_phone: string;
  paymentMethod: 'cash' | 'bkash';
  bkash_number: string;
  transaction_id: string;
}

export interface CheckoutProblem {
  field: keyof CheckoutFields | 'cart';
  title: string;
  text: string;
}

/** The first problem in the order the form reads (spec §5), or null when the order can be sent. */
export function firstCheckoutProblem(fields: CheckoutFields, cartSize: number): CheckoutProblem | null {
  if (cartSize === 0) return { field: 'cart', title: 'Cart is empty!', text: 'Please add a product to your cart before ordering.' };
  if (!fields.name.trim()) return { field: 'name', title: 'Name Required', text: 'Please enter your name.' };
  if (!isMobilePhone(normalizePhone(fields.phone))) return { field: 'phone', title: 'Phone Required', text: 'Please enter your 11-digit mobile number, such as 01712345678.' };
  if (!fields.address.trim()) return { field: 'address', title: 'Address Required', text: 'Please enter your shipping address.' };
  if (!isMobilePhone(normalizePhone(fields.shipping_phone))) {
    return { field: 'shipping_phone', title: 'Shipping Phone Required', text: 'Please enter an 11-digit phone number for delivery.' };
  }
  if (fields.paymentMethod === 'bkash') {
    if (!isMobilePhone(normalizePhone(fields.bkash_number))) return { field: 'bkash_number', title: 'Bkash Number Required', text: 'Please enter the 11-digit bKash number you sent the money from.' };
    if (!fields.transaction_id.trim()) return { field: 'transaction_id', title: 'Transaction ID Required', text: 'Please enter the bKash transaction ID.' };
  }
  return null;
}

/** Grand total = subtotal − discount + shipping (spec §9). */
export function checkoutTotals(subtotal: number, discountPercent: number, shipping: number) {
  const discount = Math.round(subtotal * discountPercent) / 100;
  return { subtotal, discount, shipping, grandTotal: Math.round((subtotal - discount + shipping) * 100) / 100 };
}

/** The form's phone fields in the `01…` form the server stores (contracts/phone.ts). */
export function normalizedPhones(fields: CheckoutFields): Pick<CheckoutFields, 'phone' | 'shipping_phone' | 'bkash_number'> {
  return { phone: normalizePhone(fields.phone), shipping_phone: normalizePhone(fields.shipping_phone), bkash_number: normalizePhone(fields.bkash_number) };
}

export interface OutOfStockAnswer {
  name: string;
  size: string;
  available: number;
}

/** The checkout's 409 "Out of Stock: {name} (Size: {size}) has only N left." / "is not available." (server/ordering). */
export function outOfStockOf(message: string | undefined): OutOfStockAnswer | null {
  const match = /^Out of Stock: (.+) \(Size: ([^)]+)\) (?:has only (\d+) left|is not available)\.$/.exec(message ?? '');
  if (!match) return null;
  return { name: match[1]!, size: match[2]!, available: match[3] ? Number(match[3]) : 0 };
}
