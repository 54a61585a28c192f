import type { OrderTracking } from '../types';
import { formatOrderDate, statusClass } from '../types';
import { OrderStatus } from './order-status';
import './orders.css';

/** Tracking data (spec §2): status, name, phone, e-mail, date, lucky-draw coupons, order id. */
export function TrackingResult({ data }: { data: OrderTracking }) {
  const delivered = statusClass(data.order_status_name) === 'delivered';
  return (
    <section className="card tracking-result" aria-labelledby="tracking-title">
      <h2 id="tracking-title" className="section-title">
        Order {data.orderId}
      </h2>
      {delivered && <p className="tracking-result__celebrate">🎉 Your order has been delivered. Thank you for shopping with us!</p>}
      <dl className="details-list">
        <div>
          <dt>Order Status</dt>
          <dd>
            <OrderStatus name={data.order_status_name} />
          </dd>
        </div>
        <div>
          <dt>Order ID</dt>
          <dd>{data.orderId}</dd>
        </div>
        <div>
          <dt>Name</dt>
          <dd>{data.user_name}</dd>
        </div>
        <div>
          <dt>Phone</dt>
          <dd>{data.user_phone}</dd>
        </div>
        <div>
          <dt>E-mail</dt>
          <dd>{data.user_email || '—'}</dd>
        </div>
        <div>
          <dt>Order Date</dt>
          <dd>{formatOrderDate(data.order_date)}</dd>
        </div>
        <div>
          <dt>Coupons</dt>
          <dd>{data.coupons || '—'}</dd>
        </div>
      </dl>
    </section>
  );
}
