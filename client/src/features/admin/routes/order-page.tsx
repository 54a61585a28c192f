import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useOrder, type CareOrderView, type TimelineWait } from '../api/get-order';
import { OrderActions } from '../components/order-actions';
import { OrderTimeline } from '../components/order-timeline';
import { ErrorNotice, Loading } from '../components/query-state';
import { formatDateTime, formatTaka } from '../lib/format';

export function OrderRoute() {
  const { orderId = '' } = useParams();
  const [wait, setWait] = useState<TimelineWait | null>(null);
  const { data, isPending, isError, error } = useOrder(orderId, wait);
  return (
    <section aria-labelledby="order-title">
      <title>{`Order ${orderId} · Operations`}</title>
      <p>
        <Link to="/admin/orders">← Orders</Link>
      </p>
      {isPending ? <Loading label="Loading the order…" /> : isError ? <ErrorNotice error={error} what={`Order ${orderId}`} /> : <OrderView view={data} onChanged={() => setWait((prev) => ({ entries: Math.max(prev?.entries ?? 0, data.timeline.length) + 1, until: Date.now() + 10_000 }))} />}
    </section>
  );
}

function OrderView({ view, onChanged }: { view: CareOrderView; onChanged: () => void }) {
  const order = view.orderrow;
  const status = order.order_status_name;
  const instant = order.order_type === 2;
  const bkash = order.paymentMethod === 'bkash';
  const bkashVerified = order.bkash_verified ?? view.timeline.some((entry) => entry.event === 'BkashPaymentVerified');
  const open = !['Cancelled', 'Returned'].includes(status);
  return (
    <>
      <div className="admin-order-head">
        <h1 id="order-title" className="page__title">
          Order {order.orderId}
        </h1>
        <span className={`admin-status admin-status--${status.toLowerCase()}`} aria-label={`Status: ${status}`}>
          {status}
        </span>
      </div>
      <p className="muted">
        Placed {formatDateTime(order.order_date)} · {instant ? 'Phone (instant) order' : 'Online order'}
      </p>
      <div className="admin-order-grid">
        <div className="admin-order-grid__main">
          <OrderActions orderId={order.orderId} statusName={status} bkashPending={bkash && !bkashVerified && open} onChanged={onChanged} />
          <section className="card" aria-labelledby="timeline-title">
            <h2 id="timeline-title" className="section-title">
              Timeline
            </h2>
            <OrderTimeline entries={view.timeline} />
          </section>
        </div>
        <div className="admin-order-grid__side">
          <section className="card" aria-labelledby="customer-title">
            <h2 id="customer-title" className="section-title">
              Customer
            </h2>
            <dl className="admin-dl">
              <dt>Name</dt>
              <dd>{order.customer_name ?? '—'}</dd>
              <dt>Phone</dt>
              <dd>{order.phone_number ? <a href={`tel:${order.phone_number}`}>{order.phone_number}</a> : '—'}</dd>
              <dt>Email</dt>
              <dd>{order.email || '—'}</dd>
            </dl>
          </section>
          <section className="card" aria-labelledby="shipping-title">
            <h2 id="shipping-title" className="section-title">
              Shipping
            </h2>
            <dl className="admin-dl">
              <dt>Address</dt>
              <dd className="admin-pre">{order.address || '—'}</dd>
              <dt>Phone</dt>
              <dd>{order.shipping_phone ? <a href={`tel:${order.shipping_phone}`}>{order.shipping_phone}</a> : '—'}</dd>
            </dl>
          </section>
          <section className="card" aria-labelledby="payment-title">
            <h2 id="payment-title" className="section-title">
              Payment
            </h2>
            <dl className="admin-dl">
              <dt>Method</dt>
              <dd>{bkash ? 'bKash' : order.paymentMethod === 'cash' ? 'Cash on delivery' : (order.paymentMethod ?? order.payment_type ?? '—')}</dd>
              {bkash && (
                <>
                  <dt>bKash sender</dt>
                  <dd>{order.bkash_number ?? '—'}</dd>
                  <dt>Transaction id</dt>
                  <dd>{order.transaction_id ?? '—'}</dd>
                  <dt>Verified</dt>
                  <dd>{bkashVerified ? <span className="admin-badge admin-badge--ok">verified</span> : <span className="admin-badge admin-badge--warn">not yet</span>}</dd>
                </>
              )}
              {instant && (
                <>
                  <dt>Payment type</dt>
                  <dd>{order.payment_type ?? '—'}</dd>
                </>
              )}
              {order.coupon_code && (
                <>
                  <dt>Coupon</dt>
                  <dd>{order.coupon_code}</dd>
                </>
              )}
            </dl>
          </section>
        </div>
      </div>
      <section className="card" aria-labelledby="lines-title">
        <h2 id="lines-title" className="section-title">
          Items
        </h2>
        {view.history.length === 0 ? (
          <p className="muted">No product lines (phone order by amount).</p>
        ) : (
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">Product</th>
                <th scope="col">Size</th>
                <th scope="col" className="admin-num">
                  Qty
                </th>
                <th scope="col" className="admin-num">
                  Price
                </th>
                <th scope="col" className="admin-num">
                  Total
                </th>
              </tr>
            </thead>
            <tbody>
              {view.history.map((line) => (
                <tr key={`${line.id}-${line.size}`}>
                  <td>{line.productName}</td>
                  <td>{line.size}</td>
                  <td className="admin-num">{line.qty}</td>
                  <td className="admin-num">{formatTaka(line.price)}</td>
                  <td className="admin-num">{formatTaka(line.price * line.qty)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <dl className="admin-totals">
          {instant ? (
            <>
              <dt>Amount</dt>
              <dd>{formatTaka(order.amount)}</dd>
              <dt>Discount</dt>
              <dd>{formatTaka(order.discount_amount)}</dd>
              <dt>Advance</dt>
              <dd>{formatTaka(order.advance)}</dd>
              <dt>Due</dt>
              <dd className="admin-totals__grand">{formatTaka(order.due)}</dd>
            </>
          ) : (
            <>
              <dt>Subtotal</dt>
              <dd>{formatTaka(order.subtotal)}</dd>
              <dt>Discount{order.discount ? ` (${order.discount}%)` : ''}</dt>
              <dd>− {formatTaka(order.discount_amount)}</dd>
              <dt>Delivery</dt>
              <dd>{formatTaka(order.devliery_charge)}</dd>
              <dt>Grand total</dt>
              <dd className="admin-totals__grand">{formatTaka(order.grand_total)}</dd>
            </>
          )}
        </dl>
      </section>
    </>
  );
}
