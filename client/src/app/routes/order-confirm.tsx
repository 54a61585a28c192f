import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { Loader } from '../../components/ui/spinner';
import { formatMoney } from '../../lib/money';
import { readLastOrderId } from '../../features/checkout/order-id-store';
import { useOrderSummary } from '../../features/orders/api/get-order-summary';
import { OrderLinesTable } from '../../features/orders/components/order-lines-table';
import { OrderStatus } from '../../features/orders/components/order-status';
import { OrderTotalsFooter } from '../../features/orders/components/order-totals-footer';
import '../../features/orders/components/orders.css';
import { formatOrderDate } from '../../features/orders/types';

/** /order-confirm, "Your Shopping - Order Confirm" (spec §2): the stored order id, its row and lines. */
export function OrderConfirmRoute() {
  const [orderId] = useState(readLastOrderId);
  const location = useLocation();
  const phone = (location.state as { phone?: string } | null)?.phone;
  const { data, isPending, isError } = useOrderSummary(orderId, phone);

  return (
    <div className="container page">
      <title>Your Shopping - Order Confirm</title>
      <h1 className="page__title">Your Shopping - Order Confirm</h1>
      {!orderId ? (
        <p>
          There is no recent order in this browser. <Link to="/shop">Continue shopping</Link>
        </p>
      ) : (
        <>
          <div className="notice confirm-notice">
            <p className="confirm-notice__title">Your order is pending</p>
            <p>Thank you! Our customer care team will call you soon to confirm your order.</p>
            <p>
              Order ID: <strong>{orderId}</strong>
            </p>
          </div>
          {isPending ? (
            <Loader label="Loading your order…" />
          ) : isError || !data ? null : (
            <>
              <table className="table table--stack confirm-row">
                <caption className="visually-hidden">Order</caption>
                <thead>
                  <tr>
                    <th scope="col">Order</th>
                    <th scope="col">Date</th>
                    <th scope="col">Status</th>
                    <th scope="col">Total</th>
                  </tr>
                </thead>
                <tbody>
                  <tr>
                    <td data-label="Order">{data.orderrow.orderId}</td>
                    <td data-label="Date">{formatOrderDate(data.orderrow.order_date)}</td>
                    <td data-label="Status">
                      <OrderStatus name={data.orderrow.order_status_name ?? 'Pending'} />
                    </td>
                    <td data-label="Total">{formatMoney(data.orderrow.grand_total ?? data.orderrow.amount, data.currencySymbol)}</td>
                  </tr>
                </tbody>
              </table>
              <h2 className="section-title confirm-lines-title">Items</h2>
              <OrderLinesTable lines={data.history} currency={data.currencySymbol} footer={<OrderTotalsFooter order={data.orderrow} currency={data.currencySymbol} />} />
            </>
          )}
          <p className="confirm-actions">
            <Link to={`/order-tracking?orderId=${encodeURIComponent(orderId)}`} className="button button--secondary">
              Track your order
            </Link>{' '}
            <Link to="/shop" className="button">
              Continue shopping
            </Link>
          </p>
        </>
      )}
    </div>
  );
}
