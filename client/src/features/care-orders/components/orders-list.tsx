import { Link } from 'react-router-dom';
import type { OrderListRow } from '../../../../../contracts/orders';
import { formatDateTime, formatTaka } from '../../console-kit/format';
import { FilterForm, ListPager, ListTable, useListParams, type Column, type FilterField } from '../../console-kit/list-table';
import { QueryView } from '../../console-kit/query-state';
import { printPackingSlip } from '../api/get-packing-slip';
import { useOrders, type OrderFilters } from '../api/get-orders';
import { ORDER_STATUSES, statusLabel } from '../order-steps';
import { RiskBadge } from './cod-panel';

const FILTERS: FilterField[] = [
  { name: 'phone', label: 'Phone', type: 'tel' },
  { name: 'orderId', label: 'Order id' },
  { name: 'status', label: 'Status', type: 'select', options: ORDER_STATUSES.map((status) => ({ value: status, label: statusLabel(status) })) },
  {
    name: 'payment',
    label: 'Payment',
    type: 'select',
    options: [
      { value: 'cash', label: 'Cash on delivery' },
      { value: 'bkash', label: 'bKash' },
    ],
  },
  { name: 'from', label: 'From', type: 'date' },
  { name: 'to', label: 'To', type: 'date' },
];

const COLUMNS: Array<Column<OrderListRow>> = [
  {
    header: 'Order',
    cell: (order) => (
      <>
        <Link to={`/admin/orders/${encodeURIComponent(order.orderId)}`} aria-label={`Order ${order.orderId}`}>
          {order.orderId}
        </Link>
        {order.order_type === 2 && <span className="admin-badge">phone</span>}
      </>
    ),
  },
  { header: 'Placed', cell: (order) => formatDateTime(order.placed_at) },
  { header: 'Customer', cell: (order) => order.customer_name },
  {
    header: 'Phone',
    cell: (order) => (
      <>
        {order.phone} {order.phone_risk && <RiskBadge risk={order.phone_risk} />}
      </>
    ),
  },
  {
    header: 'Payment',
    cell: (order) => (
      <>
        {order.payment_method === 'bkash' ? 'bKash' : order.payment_method === 'cash' ? 'Cash' : (order.payment_method ?? '—')}
        {order.payment_method === 'bkash' && (
          <span className={`admin-badge ${order.bkash_verified ? 'admin-badge--ok' : 'admin-badge--warn'}`}>{order.bkash_verified ? 'verified' : 'unverified'}</span>
        )}
      </>
    ),
  },
  { header: 'Total', numeric: true, cell: (order) => formatTaka(order.order_type === 2 ? order.amount : order.grand_total) },
  { header: 'Status', cell: (order) => <span className={`admin-status admin-status--${order.status}`}>{order.order_status_name}</span> },
];

/** Orders with filters kept in the address, so a care agent can share or reload a search. */
export function OrdersList() {
  const list = useListParams(FILTERS.map((field) => field.name));
  const filters: OrderFilters = { ...list.values, page: list.page };
  const orders = useOrders(filters);
  return (
    <>
      <FilterForm label="Filter orders" fields={FILTERS} list={list} />
      <button type="button" className="btn" onClick={() => void printPackingSlip(null)}>
        Print today's confirmed orders
      </button>
      <QueryView query={orders} loading="Loading orders…" what="Orders" empty={{ when: (answer) => answer.data.length === 0, text: 'No orders match these filters.' }}>
        {(answer) => (
          <div aria-busy={orders.isFetching}>
            <ListTable rows={answer.data} columns={COLUMNS} rowKey={(order) => order.orderId} caption="Orders, newest first" />
            <ListPager list={list} answer={answer} label="Order pages" />
          </div>
        )}
      </QueryView>
    </>
  );
}
