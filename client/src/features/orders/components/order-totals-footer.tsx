import { formatMoney } from '../../../lib/money';
import type { OrderRow } from '../types';

/**
 * The order-type footer of spec §9: type 1 (online) shows subtotal, discount percent, delivery charge,
 * grand total and payment method; any other type shows payment type, amount, discount, advance and due.
 * The bKash number and transaction id show only for bKash payments.
 */
export function OrderTotalsFooter({ order, currency }: { order: OrderRow; currency?: string | null }) {
  const money = (value: number | null | undefined) => formatMoney(value ?? 0, currency);
  const rows: Array<[string, string]> =
    Number(order.order_type) === 1
      ? [
          ['Subtotal', money(order.subtotal)],
          [`Discount (${order.discount ?? 0}) %`, `- ${money(order.discount_amount)}`],
          ['Delivery Charge', money(order.devliery_charge)],
          ['Grand Total', money(order.grand_total)],
          ['Payment Method', paymentLabel(order.paymentMethod)],
        ]
      : [
          ['Payment Type', order.payment_type ?? '—'],
          ['Amount', money(order.amount)],
          ['Discount', money(order.discount_amount)],
          ['Advance', money(order.advance)],
          ['Due', money(order.due)],
        ];
  if (order.paymentMethod === 'bkash') {
    rows.push(['bKash Number', order.bkash_number ?? '—'], ['Transaction ID', order.transaction_id ?? '—']);
  }
  return (
    <>
      {rows.map(([label, value]) => (
        <tr key={label}>
          <th scope="row" colSpan={3}>
            {label}
          </th>
          <td data-label={label}>{value}</td>
        </tr>
      ))}
    </>
  );
}

function paymentLabel(method: string | null): string {
  if (method === 'bkash') return 'bKash';
  if (method === 'cash') return 'Cash on Delivery';
  return method ?? '—';
}
