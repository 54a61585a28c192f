import type { Locale } from '../../../contracts/locale';
import { firstThatFits, fitSegments, MAX_SEGMENTS, smsSize } from './segments';

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
  /** Issue 31: what the courier collects, in paisa (0: already paid); the shipped SMS names it. */
  cashToCollectPaisa?: number | null;
}

export type OrderSmsKind = 'placed' | 'confirmed' | 'amended' | 'shipped' | 'out-for-delivery' | 'delivered' | 'cancelled' | 'expired';

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
export function orderSmsKindOf(type: string, data: { notify?: unknown; previousGrandTotalPaisa?: unknown; totals?: unknown }): OrderSmsKind | null {
  if (type === 'ParcelStepRecorded') return data.notify === 'out-for-delivery' ? 'out-for-delivery' : null;
  if (AMENDMENT_EVENTS.includes(type)) return amendedTotalOf(data) !== null ? 'amended' : null;
  return ORDER_SMS_KIND[type] ?? null;
}

/**
 * Care's amendments (issue 31): one SMS when the change moved the order's total, none otherwise: the line
 * changes, and a change of area that re-priced the delivery by its zone (ADR 061).
 */
export const AMENDMENT_EVENTS: readonly string[] = ['OrderLineAdded', 'OrderLineChanged', 'OrderLineRemoved', 'ShippingDetailsChanged'];

/** An amendment's new total in paisa when it differs from the one before (events before issue 31 say neither). */
export function amendedTotalOf(data: { previousGrandTotalPaisa?: unknown; totals?: unknown }): number | null {
  const now = (data.totals as { grandTotalPaisa?: unknown } | undefined)?.grandTotalPaisa;
  const before = data.previousGrandTotalPaisa;
  return typeof now === 'number' && typeof before === 'number' && now !== before ? now : null;
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
  const cash = typeof facts.cashToCollectPaisa === 'number' ? facts.cashToCollectPaisa : null;
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
      case 'amended':
        return fitSegments(`${store.name}: আপনার কথামতো অর্ডার ${id} বদলানো হয়েছে। নতুন মোট ${total ?? ''}।`, [link]);
      case 'shipped': {
        const pay = cash === null ? '' : cash > 0 ? ` ডেলিভারিতে দেবেন ${taka(cash, locale)}।` : ' টাকা পরিশোধিত, ডেলিভারিতে কিছু দিতে হবে না।';
        // The cash and the tracking code matter most: shorter wordings keep both whole.
        const whole = `${store.name}: আপনার অর্ডার ${id} পাঠানো হয়েছে।${pay} কুরিয়ার: ${courier}, ট্র্যাকিং কোড: ${code}।`;
        if (smsSize(whole).segments <= MAX_SEGMENTS) return fitSegments(whole, [link]);
        return firstThatFits(
          `${store.name}: অর্ডার ${id} পাঠানো হয়েছে।${pay} কুরিয়ার: ${courier}, কোড: ${code}।`,
          `অর্ডার ${id} পাঠানো হয়েছে।${pay} কুরিয়ার: ${courier}, কোড: ${code}।`,
        );
      }
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
    case 'amended':
      return fitSegments(`${store.name}: Your order ${id} was changed as you asked. New total ${total ?? ''}.`, [link]);
    case 'shipped': {
      const pay = cash === null ? '' : cash > 0 ? ` Please pay ${taka(cash, locale)} on delivery.` : ' Paid: nothing to pay on delivery.';
      return fitSegments(`${store.name}: Your order ${id} is on its way.${pay} Courier: ${courier}, tracking code: ${code}.`, [link]);
    }
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

export type ReturnSmsKind = 'approved' | 'refused' | 'pickup' | 'received' | 'exchange' | 'refunded';

const RETURN_SMS_KIND: Record<string, ReturnSmsKind> = {
  ReturnApproved: 'approved',
  ReturnRefused: 'refused',
  ReturnPickupBooked: 'pickup',
  ReturnReceived: 'received',
  ExchangeOrderCreated: 'exchange',
  ReturnRefunded: 'refunded',
};

/** Which text a return's step sends (issue 35); null: not a return's step. */
export function returnSmsKindOf(type: string): ReturnSmsKind | null {
  return RETURN_SMS_KIND[type] ?? null;
}

export interface ReturnSmsFacts {
  orderId: string;
  exchangeOrderId?: string | null;
  newSize?: string | null;
  /** Refunded, or collected at the door for an exchange, in paisa. */
  amountPaisa?: number | null;
  method?: string | null;
  courier?: string | null;
  trackingCode?: string | null;
  condition?: string | null;
  reason?: string | null;
}

/** The text of a return's or exchange's step, in the order's language. */
export function returnSms(kind: ReturnSmsKind, locale: Locale, store: SmsStore, facts: ReturnSmsFacts): string {
  const id = facts.orderId;
  const amount = facts.amountPaisa ? taka(facts.amountPaisa, locale) : null;
  const reason = facts.reason?.replace(/\s+/g, ' ').trim() ?? '';
  if (locale === 'bn') {
    switch (kind) {
      case 'approved':
        return fitSegments(`${store.name}: অর্ডার ${id}-এর ফেরত/বদলের অনুরোধ মঞ্জুর হয়েছে। শীঘ্রই রাইডার পণ্যটি নিতে আসবেন।`);
      case 'refused':
        return fitSegments(`${store.name}: অর্ডার ${id}-এর ফেরত/বদলের অনুরোধ নাকচ হয়েছে।`, reason ? [`কারণ: ${reason}`] : []);
      case 'pickup':
        return fitSegments(`${store.name}: অর্ডার ${id}-এর পণ্যটি নিতে ${facts.courier ?? 'কুরিয়ার'} বুক হয়েছে। ট্র্যাকিং কোড: ${facts.trackingCode ?? ''}।`);
      case 'received':
        return fitSegments(`${store.name}: অর্ডার ${id}-এর ফেরত পণ্যটি আমরা পেয়েছি।`);
      case 'exchange':
        return fitSegments(`${store.name}: অর্ডার ${id}-এর বদলে ${facts.newSize ?? ''} সাইজ পাঠানো হচ্ছে (অর্ডার ${facts.exchangeOrderId ?? ''})।${amount ? ` দরজায় দিতে হবে ${amount}।` : ' কিছু দিতে হবে না।'}`);
      case 'refunded':
        return fitSegments(`${store.name}: অর্ডার ${id}-এর ${amount ?? ''} ফেরত দেওয়া হয়েছে${facts.method === 'bkash' ? ' বিকাশে' : facts.method === 'store_credit' ? ' স্টোর ক্রেডিট হিসেবে' : ''}।`);
    }
  }
  switch (kind) {
    case 'approved':
      return fitSegments(`${store.name}: Your return/exchange request for order ${id} is approved. A rider will come to pick the item up.`);
    case 'refused':
      return fitSegments(`${store.name}: Your return/exchange request for order ${id} was refused.`, reason ? [`Reason: ${reason}`] : []);
    case 'pickup':
      return fitSegments(`${store.name}: Pick-up of your item from order ${id} is booked with ${facts.courier ?? 'the courier'}. Tracking code: ${facts.trackingCode ?? ''}.`);
    case 'received':
      return fitSegments(`${store.name}: We received the item you sent back from order ${id}.`);
    case 'exchange':
      return fitSegments(`${store.name}: Size ${facts.newSize ?? ''} is on its way for order ${id} (order ${facts.exchangeOrderId ?? ''}).${amount ? ` Pay ${amount} at the door.` : ' Nothing to pay.'}`);
    case 'refunded':
      return fitSegments(`${store.name}: ${amount ?? 'Your money'} for order ${id} was refunded${facts.method === 'bkash' ? ' to bKash' : facts.method === 'store_credit' ? ' as store credit' : ' in cash'}.`);
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
