import { localDigits, t } from '../../../lib/i18n/locale';
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
          [t('totals.subtotal'), money(order.subtotal)],
          [t('totals.discountPercent', { percent: Number(order.discount ?? 0) }), `- ${money(order.discount_amount)}`],
          [t('totals.delivery'), money(order.devliery_charge)],
          [t('totals.grand'), money(order.grand_total)],
          [t('totals.method'), paymentLabel(order.paymentMethod)],
        ]
      : [
          [t('totals.type'), order.payment_type ?? '—'],
          [t('totals.amount'), money(order.amount)],
          [t('totals.discount'), money(order.discount_amount)],
          [t('totals.advance'), money(order.advance)],
          [t('totals.due'), money(order.due)],
        ];
  if (order.paymentMethod === 'bkash') {
    rows.push([t('totals.bkashNumber'), order.bkash_number ? localDigits(order.bkash_number) : '—'], [t('totals.transactionId'), order.transaction_id ?? '—']);
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
  if (method === 'bkash') return t('totals.bkash');
  if (method === 'cash') return t('totals.cash');
  return method ?? '—';
}
