import { useState } from 'react';
import type { CareOrderResponse, OrderHistoryLineResponse } from '../../../../../contracts/orders';
import { formatDateTime, formatTaka } from '../../console-kit/format';
import { ListTable, type Column } from '../../console-kit/list-table';
import { QueryView } from '../../console-kit/query-state';
import { useOrder, type TimelineWait } from '../api/get-order';
import { OrderActions } from './order-actions';
import { OrderTimeline } from './order-timeline';

/**
 * Care's view of one order: actions, timeline, customer, shipping, payment and lines. After each action it
 * polls until the timeline shows the new event; `onChanged` tells the page (which may refresh other screens).
 */
export function CareOrder({ orderId, onChanged }: { orderId: string; onChanged?: () => void }) {
  const [wait, setWait] = useState<TimelineWait | null>(null);
  const order = useOrder(orderId, wait);
  return (
    <QueryView query={order} loading="Loading the order…" what={`Order ${orderId}`}>
      {(view) => (
        <OrderView
          view={view}
          onChanged={() => {
            setWait((prev) => ({ entries: Math.max(prev?.entries ?? 0, view.timeline.length) + 1, until: Date.now() + 10_000 }));
            onChanged?.();
          }}
        />
      )}
    </QueryView>
  );
}

const LINE_COLUMNS: Array<Column<OrderHistoryLineResponse>> = [
  { header: 'Product', cell: (line) => line.productName },
  { header: 'Size', cell: (line) => line.size },
  { header: 'Qty', numeric: true, cell: (line) => line.qty },
  { header: 'Price', numeric: true, cell: (line) => formatTaka(line.price) },
  { header: 'Total', numeric: true, cell: (line) => formatTaka(line.price * line.qty) },
];

function OrderView({ view, onChanged }: { view: CareOrderResponse; onChanged: () => void }) {
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
          <ListTable rows={view.history} columns={LINE_COLUMNS} rowKey={(line) => `${line.id}-${line.size}`} cards={false} />
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
