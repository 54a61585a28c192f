import { Link } from 'react-router-dom';
import { formatDate as formatLocalDate, t, tMaybe } from '../../../lib/i18n/locale';
import { formatMoney } from '../../../lib/money';
import type { CustomerOrderRow } from '../api/types';

const orderType = (type: number) => (Number(type) === 1 ? t('me.online') : t('me.instant'));

function formatDate(value: string) {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : formatLocalDate(date, { day: '2-digit', month: 'short', year: 'numeric' });
}

/** Orders History (spec §2): Order, Date, Order Status, Order Type, Total, Action (Invoice). */
export function OrdersHistoryTable({ orders }: { orders: CustomerOrderRow[] }) {
  if (orders.length === 0) return <p>{t('me.noOrders')}</p>;
  return (
    <table className="table table--stack">
      <caption className="visually-hidden">{t('me.ordersHistory')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('me.order')}</th>
          <th scope="col">{t('me.date')}</th>
          <th scope="col">{t('me.status')}</th>
          <th scope="col">{t('me.type')}</th>
          <th scope="col">{t('me.total')}</th>
          <th scope="col">{t('me.action')}</th>
        </tr>
      </thead>
      <tbody>
        {orders.map((order) => (
          <tr key={order.id}>
            <td data-label={t('me.order')}>{order.orderId}</td>
            <td data-label={t('me.date')}>{formatDate(order.order_date)}</td>
            <td data-label={t('me.status')}>
              <span className={`order-status ${order.orderstatus.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`}>{tMaybe(`status.${order.orderstatus}`, order.orderstatus)}</span>
            </td>
            <td data-label={t('me.type')}>{orderType(order.order_type)}</td>
            <td data-label={t('me.total')}>{formatMoney(Number(order.order_type) === 1 ? order.grand_total : order.amount, order.currencySymbol)}</td>
            <td data-label={t('me.action')}>
              <Link to={`/order-details/${order.orderId}`} aria-label={t('me.invoiceFor', { id: order.orderId })}>
                {t('me.invoice')}
              </Link>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
