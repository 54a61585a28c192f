import type { OrderDetails, OrderLineDetails } from '../read-model/order-read-model';

export interface StoreHeader {
  name: string;
  address: string;
  hotline: string;
}

export interface SlipOrder {
  order: OrderDetails;
  lines: OrderLineDetails[];
}

const escape = (value: unknown): string =>
  String(value ?? '').replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

const taka = (paisa: number | null | undefined, symbol: string) => `${escape(symbol)}${((paisa ?? 0) / 100).toFixed(2)}`;

/**
 * What the rider collects at the door: a cash-on-delivery order's grand total, nothing for a bKash one
 * (paid before), an instant order's due.
 */
export function cashToCollectPaisa(order: OrderDetails): number {
  if (order.order_type !== 1) return order.due_paisa ?? 0;
  // An advance verified by bKash (ADR 059) is not collected again.
  if (order.advance_required_paisa && (order.bkash_verified || Number(order.gateway_paid_paisa ?? 0) > 0) && order.payment_method === 'cash') return Math.max(0, (order.grand_total_paisa ?? 0) - order.advance_required_paisa);
  return order.payment_method === 'cash' ? (order.grand_total_paisa ?? 0) : 0;
}

const dhakaDate = (value: Date) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Dhaka', day: '2-digit', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' }).format(new Date(value));

function slip(store: StoreHeader, { order, lines }: SlipOrder): string {
  const symbol = order.currency_symbol;
  const collect = cashToCollectPaisa(order);
  const rows = lines
    .map(
      (line) =>
        `<tr><td>${escape(line.name)}</td><td>${escape(line.size)}</td><td class="n">${line.quantity}</td><td class="n">${taka(line.unit_price_paisa, symbol)}</td><td class="n">${taka(line.quantity * line.unit_price_paisa, symbol)}</td></tr>`,
    )
    .join('');
  const totals =
    order.order_type === 1
      ? `<tr><th colspan="4">Subtotal</th><td class="n">${taka(order.subtotal_paisa, symbol)}</td></tr>
         ${order.discount_paisa > 0 ? `<tr><th colspan="4">Discount (${escape(Number(order.discount_percent))} %)</th><td class="n">−${taka(order.discount_paisa, symbol)}</td></tr>` : ''}
         <tr><th colspan="4">Delivery charge</th><td class="n">${taka(order.delivery_charge_paisa, symbol)}</td></tr>
         <tr class="total"><th colspan="4">Grand total</th><td class="n">${taka(order.grand_total_paisa, symbol)}</td></tr>`
      : `<tr><th colspan="4">Amount</th><td class="n">${taka(order.amount_paisa, symbol)}</td></tr>
         <tr><th colspan="4">Advance paid</th><td class="n">${taka(order.advance_paisa, symbol)}</td></tr>`;
  const payment = order.order_type === 1 ? (order.payment_method === 'cash' ? 'Cash on delivery' : 'bKash (paid)') : escape(order.payment_type);
  return `<section class="slip">
  <header><div><h1>${escape(store.name)}</h1><p>${escape(store.address)}${store.hotline ? ` · ${escape(store.hotline)}` : ''}</p></div>
  <div class="id"><strong>Invoice / packing slip</strong><br>Order <b>${escape(order.order_id)}</b><br>${escape(dhakaDate(order.placed_at))}</div></header>
  <div class="parties">
    <div><h2>Deliver to</h2><p><b>${escape(order.customer_name)}</b><br>${escape(order.address)}<br>Phone ${escape(order.shipping_phone)}${order.shipping_phone !== order.phone ? ` · ordered by ${escape(order.phone)}` : ''}</p></div>
    <div><h2>Payment</h2><p>${payment}</p></div>
  </div>
  <table><thead><tr><th>Item</th><th>Size</th><th class="n">Qty</th><th class="n">Price</th><th class="n">Total</th></tr></thead>
  <tbody>${rows}</tbody><tfoot>${totals}</tfoot></table>
  <p class="collect">Cash to collect: <b data-collect="${collect}">${taka(collect, symbol)}</b></p>
  </section>`;
}

const STYLE = `
  body { font: 14px/1.4 system-ui, sans-serif; color: #111; margin: 0; }
  .slip { max-width: 720px; margin: 24px auto; padding: 24px; border: 1px solid #ccc; }
  header { display: flex; justify-content: space-between; gap: 16px; border-bottom: 2px solid #111; padding-bottom: 8px; }
  h1 { font-size: 20px; margin: 0; } h2 { font-size: 13px; text-transform: uppercase; margin: 12px 0 4px; color: #555; }
  .id { text-align: right; } .parties { display: flex; gap: 48px; }
  table { width: 100%; border-collapse: collapse; margin-top: 12px; } th, td { padding: 4px 6px; border-bottom: 1px solid #ddd; text-align: left; }
  .n { text-align: right; } tfoot th { text-align: right; font-weight: normal; } tr.total th, tr.total td { font-weight: bold; border-top: 2px solid #111; }
  .collect { font-size: 20px; text-align: right; margin-top: 16px; padding: 8px; border: 2px dashed #111; }
  .empty { text-align: center; margin: 48px; }
  @media print {
    @page { size: A5; margin: 10mm; }
    .slip { border: none; margin: 0; padding: 0; max-width: none; page-break-after: always; break-after: page; }
    .slip:last-child { page-break-after: auto; break-after: auto; }
  }`;

/** A printable HTML page with one slip per order (page breaks between them when printed). */
export function packingSlipsPage(store: StoreHeader, title: string, orders: readonly SlipOrder[]): string {
  const body = orders.length > 0 ? orders.map((entry) => slip(store, entry)).join('\n') : `<p class="empty">No confirmed orders to print for this day.</p>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title><style>${STYLE}</style></head><body>${body}</body></html>`;
}
