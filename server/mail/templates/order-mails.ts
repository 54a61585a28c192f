import { layout, RenderedMail, StoreIdentity } from './layout';

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

/** Taka with two decimals, as the store shows amounts (spec §9). */
export function taka(paisa: number): string {
  return `৳${(paisa / 100).toFixed(2)}`;
}

function lineTexts(summary: OrderSummary): string[] {
  return summary.lines.map(
    (line) => `${line.name} (size ${line.size.toUpperCase()}) × ${line.quantity} — ${taka(line.unitPricePaisa * line.quantity)}`,
  );
}

function trackingLink(store: StoreIdentity): { label: string; url: string } {
  return { label: 'Track your order', url: `${store.origin}/order-tracking` };
}

export function orderPlacedMail(store: StoreIdentity, summary: OrderSummary): RenderedMail {
  return layout(
    store,
    `Your ${store.name} order ${summary.orderId} is pending`,
    `Hello ${summary.customerName},`,
    [
      `Thank you for your order ${summary.orderId}. Your order is pending: our customer care team will call you to confirm it.`,
      ...lineTexts(summary),
      ...(summary.totalPaisa !== null ? [`Total: ${taka(summary.totalPaisa)}`] : []),
    ],
    trackingLink(store),
    'Keep your order id and the phone number you ordered with to track the order.',
  );
}

const STATUS_TEXT: Record<string, { subject: string; body: string }> = {
  OrderConfirmed: { subject: 'is confirmed', body: 'Good news: your order is confirmed and will be prepared for shipping.' },
  OrderShipped: { subject: 'is on its way', body: 'Your order has left our warehouse and is on its way to you.' },
  OrderDelivered: { subject: 'was delivered', body: 'Your order was delivered. Enjoy your new t-shirts!' },
  OrderCancelled: { subject: 'was cancelled', body: 'Your order was cancelled.' },
};

export function orderStatusMail(
  store: StoreIdentity,
  type: string,
  summary: Pick<OrderSummary, 'orderId' | 'customerName'>,
  detail: { reason?: string | null; courier?: string | null; trackingCode?: string | null },
): RenderedMail {
  const status = STATUS_TEXT[type];
  const extra: string[] = [];
  if (detail.courier) extra.push(`Courier: ${detail.courier}${detail.trackingCode ? `, tracking code ${detail.trackingCode}` : ''}.`);
  if (detail.reason) extra.push(`Reason: ${detail.reason}`);
  return layout(
    store,
    `Your ${store.name} order ${summary.orderId} ${status.subject}`,
    `Hello ${summary.customerName},`,
    [status.body, ...extra],
    trackingLink(store),
  );
}
