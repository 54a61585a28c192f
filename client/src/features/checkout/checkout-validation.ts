import type { ErrorCode } from '../../../../contracts/errors';
import { isMobilePhone, normalizePhone } from '../../../../contracts/phone';
import { t } from '../../lib/i18n/locale';
// Registers the English texts this module words its problems with (and the Bengali ones' loader).
export { checkoutMessages } from '../../lib/i18n/messages/checkout';

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
  field: keyof CheckoutFields | 'cart' | 'email';
  title: string;
  text: string;
}

/**
 * Every problem of the form, in the order it reads (spec §5), so each field is marked at once (issue 32);
 * empty when the order can be sent. An empty cart is the only problem then.
 */
export function checkoutProblems(
  fields: CheckoutFields,
  cartSize: number,
  { bkashViaGateway = false, email = '' }: { bkashViaGateway?: boolean; email?: string } = {},
): CheckoutProblem[] {
  if (cartSize === 0) return [{ field: 'cart', title: t('checkout.v.cartTitle'), text: t('checkout.v.cartText') }];
  const problems: CheckoutProblem[] = [];
  if (!fields.name.trim()) problems.push({ field: 'name', title: t('checkout.v.nameTitle'), text: t('checkout.v.nameText') });
  if (!isMobilePhone(normalizePhone(fields.phone))) problems.push({ field: 'phone', title: t('checkout.v.phoneTitle'), text: t('checkout.v.phoneText') });
  // Issue 32: a guest's optional e-mail for the receipt, checked only when typed.
  if (email.trim() !== '' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) problems.push({ field: 'email', title: t('checkout.v.emailTitle'), text: t('checkout.v.emailText') });
  if (!fields.address.trim()) problems.push({ field: 'address', title: t('checkout.v.addressTitle'), text: t('checkout.v.addressText') });
  if (!isMobilePhone(normalizePhone(fields.shipping_phone))) {
    problems.push({ field: 'shipping_phone', title: t('checkout.v.shippingPhoneTitle'), text: t('checkout.v.shippingPhoneText') });
  }
  // Through the gateway (issue 34) the shopper approves on bKash's page: no number or transaction id to type.
  if (fields.paymentMethod === 'bkash' && !bkashViaGateway) {
    if (!isMobilePhone(normalizePhone(fields.bkash_number))) problems.push({ field: 'bkash_number', title: t('checkout.v.bkashTitle'), text: t('checkout.v.bkashText') });
    if (!fields.transaction_id.trim()) problems.push({ field: 'transaction_id', title: t('checkout.v.transactionTitle'), text: t('checkout.v.transactionText') });
  }
  return problems;
}

/** The first problem in the order the form reads (spec §5), or null when the order can be sent. */
export function firstCheckoutProblem(fields: CheckoutFields, cartSize: number, options: { bkashViaGateway?: boolean; email?: string } = {}): CheckoutProblem | null {
  return checkoutProblems(fields, cartSize, options)[0] ?? null;
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

const OUT_OF_STOCK: readonly ErrorCode[] = ['out-of-stock', 'out-of-stock-left'];

/**
 * The line a refused checkout names as out of stock, read from the answer's code and params (server/ordering's
 * ProductOutOfStock: `out-of-stock-left` with product, size and what is left, or `out-of-stock` with product
 * and size), whatever its message says; null for any other answer.
 */
export function outOfStockOf(answer: { code?: string; params?: Record<string, string | number> } | null | undefined): OutOfStockAnswer | null {
  if (!answer?.code || !OUT_OF_STOCK.includes(answer.code as ErrorCode)) return null;
  const { product, size, available } = answer.params ?? {};
  if (typeof product !== 'string' || typeof size !== 'string') return null;
  const left = answer.code === 'out-of-stock-left' ? Number(available) : 0;
  return { name: product, size, available: Number.isInteger(left) && left > 0 ? left : 0 };
}
