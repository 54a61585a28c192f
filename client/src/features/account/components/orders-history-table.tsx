import { Link } from 'react-router-dom';
import { formatMoney } from '../../../lib/money';
import type { CustomerOrderRow } from '../api/types';

const orderType = (type: number) => (Number(type) === 1 ? 'Online Order' : 'Instant Order');

function formatDate(value: string) {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toLocaleDateString('en-GB', { day: '2-digit', month: 'short', year: 'numeric', timeZone: 'Asia/Dhaka' });
}

/** Orders History (spec §2): Order, Date, Order Status, Order Type, Total, Action (Invoice). */
export function OrdersHistoryTable({ orders }: { orders: CustomerOrderRow[] }) {
  if (orders.length === 0) return <p>You have not placed any orders yet.</p>;
  return (
    <table className="table table--stack">
      <caption className="visually-hidden">Orders History</caption>
      <thead>
        <tr>
          <th scope="col">Order</th>
          <th scope="col">Date</th>
          <th scope="col">Order Status</th>
          <th scope="col">Order Type</th>
          <th scope="col">Total</th>
          <th scope="col">Action</th>
        </tr>
      </thead>
      <tbody>
        {orders.map((order) => (
          <tr key={order.id}>
            <td data-label="Order">{order.orderId}</td>
            <td data-label="Date">{formatDate(order.order_date)}</td>
            <td data-label="Order Status">
              <span className={`order-status ${order.orderstatus.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`}>{order.orderstatus}</span>
            </td>
            <td data-label="Order Type">{orderType(order.order_type)}</td>
            <td data-label="Total">{formatMoney(Number(order.order_type) === 1 ? order.grand_total : order.amount, order.currencySymbol)}</td>
            <td data-label="Action">
              <Link to={`/order-details/${order.orderId}`} aria-label={`Invoice for order ${order.orderId}`}>
                Invoice
              </Link>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
