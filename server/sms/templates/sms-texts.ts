import type { Locale } from '../../../contracts/locale';
import { firstThatFits, fitSegments } from './segments';

/**
 * Every SMS the store sends, in English and Bengali (Unicode). English texts stay in the GSM-7 alphabet (no
 * `৳`: "Tk"), so they cost one part up to 160 characters; Bengali texts are UCS-2, 70 characters a part.
 * `fitSegments` keeps each to at most two parts, dropping optional tails (a cancellation's reason) first.
 * The i18n catalogs of the storefront are the client's; these texts are the server's and live only here.
 */

export interface SmsStore {
  name: string;
  /** Origin of links in texts (an allowed APP_ORIGINS entry). */
  origin: string;
}

export interface OrderSmsFacts {
  orderId: string;
  /** Grand total (online order) or agreed amount (instant order), in paisa. */
  totalPaisa: number | null;
  courier?: string | null;
  trackingCode?: string | null;
  reason?: string | null;
}

export type OrderSmsKind = 'placed' | 'confirmed' | 'shipped' | 'out-for-delivery' | 'delivered' | 'cancelled' | 'expired';

/** Which text each order event sends. */
export const ORDER_SMS_KIND: Record<string, OrderSmsKind> = {
  OrderPlaced: 'placed',
  InstantOrderPlaced: 'placed',
  OrderConfirmed: 'confirmed',
  OrderShipped: 'shipped',
  OrderDelivered: 'delivered',
  OrderCancelled: 'cancelled',
  OrderExpired: 'expired',
};

/**
 * An order event's SMS, when it has one: most by their type; a courier step (issue 29) only when the decider
 * marked it as the parcel's first step out for delivery (`notify`), so the shopper hears of it once.
 */
export function orderSmsKindOf(type: string, data: { notify?: unknown }): OrderSmsKind | null {
  if (type === 'ParcelStepRecorded') return data.notify === 'out-for-delivery' ? 'out-for-delivery' : null;
  return ORDER_SMS_KIND[type] ?? null;
}

const BENGALI_DIGITS = '০১২৩৪৫৬৭৮৯';
const bengaliNumber = (text: string): string => text.replace(/\d/g, (digit) => BENGALI_DIGITS[Number(digit)]);
const taka = (paisa: number, locale: Locale): string => {
  const amount = (paisa / 100).toFixed(paisa % 100 === 0 ? 0 : 2);
  return locale === 'bn' ? `${bengaliNumber(amount)} টাকা` : `Tk ${amount}`;
};

export function trackingLink(store: SmsStore, orderId: string): string {
  return `${store.origin}/order-tracking?orderId=${encodeURIComponent(orderId)}`;
}

/** The text of an order's SMS: required part first, then what may be dropped to stay within two parts. */
export function orderSms(kind: OrderSmsKind, locale: Locale, store: SmsStore, facts: OrderSmsFacts): string {
  const id = facts.orderId;
  const link = trackingLink(store, id);
  const total = facts.totalPaisa !== null ? taka(facts.totalPaisa, locale) : null;
  const courier = facts.courier ?? '';
  const code = facts.trackingCode ?? '';
  const reason = facts.reason?.replace(/\s+/g, ' ').trim() ?? '';
  if (locale === 'bn') {
    switch (kind) {
      case 'placed':
        // The tracking link is what the shopper needs most: shorter wordings keep it whole.
        return firstThatFits(
          `${store.name}: আপনার অর্ডার ${id} পেয়েছি।${total ? ` মোট ${total}।` : ''} নিশ্চিত করতে আমরা ফোন করব। ট্র্যাক: ${link}`,
          `${store.name}: অর্ডার ${id} পেয়েছি${total ? `, মোট ${total}` : ''}। ট্র্যাক: ${link}`,
          `${store.name}: অর্ডার ${id} পেয়েছি। ${link}`,
          `অর্ডার ${id} পেয়েছি। ${link}`,
        );
      case 'confirmed':
        return fitSegments(`${store.name}: আপনার অর্ডার ${id} নিশ্চিত হয়েছে, শীঘ্রই পাঠানো হবে।`, [link]);
      case 'shipped':
        return fitSegments(`${store.name}: আপনার অর্ডার ${id} পাঠানো হয়েছে। কুরিয়ার: ${courier}, ট্র্যাকিং কোড: ${code}।`, [link]);
      case 'out-for-delivery':
        return fitSegments(`${store.name}: আপনার অর্ডার ${id} আজ ডেলিভারির পথে। ${courier ? `কুরিয়ার: ${courier}। ` : ''}টাকা প্রস্তুত রাখুন।`, [link]);
      case 'delivered':
        return fitSegments(`${store.name}: আপনার অর্ডার ${id} পৌঁছে গেছে। আমাদের সাথে কেনাকাটার জন্য ধন্যবাদ!`);
      case 'cancelled': {
        // Issue 32: the reason in Bengali: the store's own reasons translated, care's kept when typed in Bengali;
        // one typed in English is left out (the shopper can ask care) rather than sent in a language they did not choose.
        const bengaliReason = reason === CUSTOMER_CANCEL_REASON ? 'আপনার অনুরোধে বাতিল' : /[\u0980-\u09ff]/u.test(reason) ? reason : '';
        return fitSegments(`${store.name}: আপনার অর্ডার ${id} বাতিল করা হয়েছে।`, bengaliReason ? [`কারণ: ${bengaliReason}`] : []);
      }
      case 'expired':
        return fitSegments(`${store.name}: সময়মতো নিশ্চিত না হওয়ায় আপনার অর্ডার ${id} বাতিল হয়েছে। চাইলে আবার অর্ডার করুন।`);
    }
  }
  switch (kind) {
    case 'placed':
      return firstThatFits(
        `${store.name}: We received your order ${id}.${total ? ` Total ${total}.` : ''} We will call you to confirm it. Track: ${link}`,
        `${store.name}: Order ${id} received${total ? `, total ${total}` : ''}. Track: ${link}`,
        `${store.name}: Order ${id} received. ${link}`,
        `Order ${id} received. ${link}`,
      );
    case 'confirmed':
      return fitSegments(`${store.name}: Your order ${id} is confirmed and will be shipped soon.`, [link]);
    case 'shipped':
      return fitSegments(`${store.name}: Your order ${id} is on its way. Courier: ${courier}, tracking code: ${code}.`, [link]);
    case 'out-for-delivery':
      return fitSegments(`${store.name}: Your order ${id} is out for delivery today.${courier ? ` Courier: ${courier}.` : ''}`, [link]);
    case 'delivered':
      return fitSegments(`${store.name}: Your order ${id} was delivered. Thank you for shopping with us!`);
    case 'cancelled':
      return fitSegments(`${store.name}: Your order ${id} was cancelled.`, reason ? [`Reason: ${reason}`] : []);
    case 'expired':
      return fitSegments(`${store.name}: Your order ${id} was not confirmed in time and has expired. You are welcome to order again.`);
  }
}

/** The reason ordering records when a shopper cancels their own order (its CUSTOMER_CANCEL_REASON; segments.spec.ts checks they agree). */
export const CUSTOMER_CANCEL_REASON = 'Cancelled by the customer';

/** The text that carries a one-time phone code. The code comes first, so a phone's preview shows it. */
export function phoneCodeSms(locale: Locale, store: SmsStore, code: string, minutes: number): string {
  return locale === 'bn'
    ? fitSegments(`${code} আপনার ${store.name} কোড। ${bengaliNumber(String(minutes))} মিনিট বৈধ। কাউকে জানাবেন না।`)
    : fitSegments(`${code} is your ${store.name} code. It expires in ${minutes} minutes. Never share it with anyone.`);
}
