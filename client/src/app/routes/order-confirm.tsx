import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { showAlert } from '../../components/feedback/feedback-store';
import { Loader } from '../../components/ui/spinner';
import { DURATIONS } from '../../lib/durations';
import { formatMoney } from '../../lib/money';
import { saveCart } from '../../features/cart/cart-store';
import { clearCoupon } from '../../features/checkout/coupon-store';
import { readLastOrderId } from '../../features/checkout/order-id-store';
import { useOrderSummary } from '../../features/orders/api/get-order-summary';
import { OrderLinesTable } from '../../features/orders/components/order-lines-table';
import { OrderTotalsFooter } from '../../features/orders/components/order-totals-footer';
import '../../features/orders/components/orders.css';
import { amountDueOnDelivery, formatOrderDate } from '../../features/orders/types';
import { ContactCare } from '../layout/contact-care';

/**
 * /order-confirm, "Your Shopping - Order Confirm" (spec §2). Leads with what the shopper needs after ordering
 * (issue 16): the order id, what to pay the courier, what happens next and where to follow the order.
 * Coming straight from checkout, it empties the cart and coupon and says "Order Confirmed!" (spec §4).
 */
export function OrderConfirmRoute() {
  const [orderId] = useState(readLastOrderId);
  const location = useLocation();
  const navigate = useNavigate();
  const state = location.state as { phone?: string; placed?: boolean } | null;
  const phone = state?.phone;
  const { data, isPending, isError } = useOrderSummary(orderId, phone);

  useEffect(() => {
    if (!state?.placed || !orderId) return;
    saveCart([]);
    clearCoupon();
    // Forget "just placed" so a reload does not say it again; the phone stays for the order's details.
    navigate('.', { replace: true, state: { phone } });
    void showAlert({ kind: 'success', title: 'Order Confirmed!', text: `Your order ID is ${orderId}.`, timer: DURATIONS.orderConfirmedDialog });
  }, [state?.placed, orderId, phone, navigate]);

  const trackingLink = orderId ? `/order-tracking?orderId=${encodeURIComponent(orderId)}` : '/order-tracking';
  const row = data?.orderrow;
  const due = row ? amountDueOnDelivery(row) : null;

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
          <section className="card confirm-summary" aria-labelledby="confirm-title">
            <h2 id="confirm-title" className="confirm-summary__title">
              Thank you! Your order ID is <strong className="confirm-summary__id">{orderId}</strong>
            </h2>
            <dl className="confirm-summary__facts">
              <div>
                <dt>To pay on delivery</dt>
                <dd className="confirm-summary__amount">
                  {row && due !== null ? formatMoney(due, data?.currencySymbol) : isPending ? <span className="skeleton">৳ 0000.00</span> : '—'}
                  {row?.paymentMethod === 'bkash' && <span className="muted"> (paid with bKash)</span>}
                </dd>
              </div>
              <div>
                <dt>What happens next</dt>
                <dd>Next, our care team will call you to confirm your order; then we pack it and hand it to the courier.</dd>
              </div>
            </dl>
            <p className="confirm-summary__pending">Your order is pending until our customer care team calls you.</p>
            <p className="confirm-actions">
              <Link to={trackingLink} className="button">
                Track your order
              </Link>{' '}
              <Link to="/shop" className="button button--secondary">
                Continue shopping
              </Link>
            </p>
            <ContactCare />
          </section>
          {isPending ? (
            <Loader label="Loading your order…" />
          ) : isError || !data ? null : (
            <>
              <h2 className="section-title confirm-lines-title">Items</h2>
              <p className="muted">
                Ordered on {formatOrderDate(data.orderrow.order_date)} · {data.orderrow.order_status_name ?? 'Pending'}
              </p>
              <OrderLinesTable lines={data.history} currency={data.currencySymbol} footer={<OrderTotalsFooter order={data.orderrow} currency={data.currencySymbol} />} />
            </>
          )}
        </>
      )}
    </div>
  );
}
