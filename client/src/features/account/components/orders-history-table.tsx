import { Link } from 'react-router-dom';
import { DataTable } from '../../../components/ui/data-table';
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
    <DataTable
      caption={t('me.ordersHistory')}
      rows={orders}
      rowKey={(order) => order.id}
      columns={[
        { header: t('me.order'), cell: (order) => order.orderId },
        { header: t('me.date'), cell: (order) => formatDate(order.order_date) },
        {
          header: t('me.status'),
          cell: (order) => <span className={`order-status ${order.orderstatus.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`}>{tMaybe(`status.${order.orderstatus}`, order.orderstatus)}</span>,
        },
        { header: t('me.type'), cell: (order) => orderType(order.order_type) },
        { header: t('me.total'), cell: (order) => formatMoney(Number(order.order_type) === 1 ? order.grand_total : order.amount, order.currencySymbol) },
        {
          header: t('me.action'),
          cell: (order) => (
            <Link to={`/order-details/${order.orderId}`} aria-label={t('me.invoiceFor', { id: order.orderId })}>
              {t('me.invoice')}
            </Link>
          ),
        },
      ]}
    />
  );
}
