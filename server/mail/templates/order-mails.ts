import { layout, MailLocale, RenderedMail, StoreIdentity } from './layout';

export interface OrderMailLine {
  name: string;
  size: string;
  quantity: number;
  unitPricePaisa: number;
}

export interface OrderSummary {
  orderId: string;
  customerName: string;
  lines: OrderMailLine[];
  /** Grand total (online order) or agreed amount (instant order), in paisa. */
  totalPaisa: number | null;
}

const bengaliAmount = new Intl.NumberFormat('bn-BD', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const bengaliCount = new Intl.NumberFormat('bn-BD');

/** Taka with two decimals, as the store shows amounts (spec §9); Bengali digits and grouping in Bengali. */
export function taka(paisa: number, locale: MailLocale = 'en'): string {
  return locale === 'bn' ? `৳${bengaliAmount.format(paisa / 100)}` : `৳${(paisa / 100).toFixed(2)}`;
}

function lineTexts(summary: OrderSummary, locale: MailLocale): string[] {
  return summary.lines.map((line) =>
    locale === 'bn'
      ? `${line.name} (সাইজ ${line.size.toUpperCase()}) × ${bengaliCount.format(line.quantity)} — ${taka(line.unitPricePaisa * line.quantity, locale)}`
      : `${line.name} (size ${line.size.toUpperCase()}) × ${line.quantity} — ${taka(line.unitPricePaisa * line.quantity)}`,
  );
}

function trackingLink(store: StoreIdentity, locale: MailLocale): { label: string; url: string } {
  return { label: locale === 'bn' ? 'অর্ডার ট্র্যাক করুন' : 'Track your order', url: `${store.origin}/order-tracking` };
}

export function orderPlacedMail(store: StoreIdentity, summary: OrderSummary, locale: MailLocale = 'en'): RenderedMail {
  if (locale === 'bn') {
    return layout(
      store,
      `${store.name}-এ আপনার অর্ডার ${summary.orderId} অপেক্ষমাণ`,
      `প্রিয় ${summary.customerName},`,
      [
        `আপনার অর্ডার ${summary.orderId}-এর জন্য ধন্যবাদ। অর্ডারটি অপেক্ষমাণ: আমাদের কাস্টমার কেয়ার টিম কল করে এটি নিশ্চিত করবে।`,
        ...lineTexts(summary, locale),
        ...(summary.totalPaisa !== null ? [`মোট: ${taka(summary.totalPaisa, locale)}`] : []),
      ],
      trackingLink(store, locale),
      'অর্ডার ট্র্যাক করতে আপনার অর্ডার আইডি ও যে ফোন নম্বরে অর্ডার করেছেন সেটি রাখুন।',
      locale,
    );
  }
  return layout(
    store,
    `Your ${store.name} order ${summary.orderId} is pending`,
    `Hello ${summary.customerName},`,
    [
      `Thank you for your order ${summary.orderId}. Your order is pending: our customer care team will call you to confirm it.`,
      ...lineTexts(summary, locale),
      ...(summary.totalPaisa !== null ? [`Total: ${taka(summary.totalPaisa)}`] : []),
    ],
    trackingLink(store, locale),
    'Keep your order id and the phone number you ordered with to track the order.',
  );
}

const STATUS_TEXT: Record<MailLocale, Record<string, { subject: string; body: string }>> = {
  en: {
    OrderConfirmed: { subject: 'is confirmed', body: 'Good news: your order is confirmed and will be prepared for shipping.' },
    OrderShipped: { subject: 'is on its way', body: 'Your order has left our warehouse and is on its way to you.' },
    OrderDelivered: { subject: 'was delivered', body: 'Your order was delivered. Enjoy your new t-shirts!' },
    OrderCancelled: { subject: 'was cancelled', body: 'Your order was cancelled.' },
  },
  bn: {
    OrderConfirmed: { subject: 'নিশ্চিত হয়েছে', body: 'সুখবর: আপনার অর্ডার নিশ্চিত হয়েছে, এখন পাঠানোর জন্য প্রস্তুত করা হবে।' },
    OrderShipped: { subject: 'পথে আছে', body: 'আপনার অর্ডার আমাদের গুদাম থেকে রওনা হয়েছে, আপনার কাছে আসছে।' },
    OrderDelivered: { subject: 'পৌঁছে গেছে', body: 'আপনার অর্ডার পৌঁছে গেছে। নতুন টি-শার্ট উপভোগ করুন!' },
    OrderCancelled: { subject: 'বাতিল হয়েছে', body: 'আপনার অর্ডার বাতিল করা হয়েছে।' },
  },
};

export function orderStatusMail(
  store: StoreIdentity,
  type: string,
  summary: Pick<OrderSummary, 'orderId' | 'customerName'>,
  detail: { reason?: string | null; courier?: string | null; trackingCode?: string | null },
  locale: MailLocale = 'en',
): RenderedMail {
  const status = STATUS_TEXT[locale][type];
  const extra: string[] = [];
  if (locale === 'bn') {
    if (detail.courier) extra.push(`কুরিয়ার: ${detail.courier}${detail.trackingCode ? `, ট্র্যাকিং কোড ${detail.trackingCode}` : ''}।`);
    if (detail.reason) extra.push(`কারণ: ${detail.reason}`);
    return layout(store, `${store.name}-এ আপনার অর্ডার ${summary.orderId} ${status.subject}`, `প্রিয় ${summary.customerName},`, [status.body, ...extra], trackingLink(store, locale), undefined, locale);
  }
  if (detail.courier) extra.push(`Courier: ${detail.courier}${detail.trackingCode ? `, tracking code ${detail.trackingCode}` : ''}.`);
  if (detail.reason) extra.push(`Reason: ${detail.reason}`);
  return layout(
    store,
    `Your ${store.name} order ${summary.orderId} ${status.subject}`,
    `Hello ${summary.customerName},`,
    [status.body, ...extra],
    trackingLink(store, locale),
  );
}

/** The language recorded on an order's OrderPlaced (absent or unknown: English). */
export function orderLocale(placed: Record<string, unknown>): MailLocale {
  return placed.locale === 'bn' ? 'bn' : 'en';
}
