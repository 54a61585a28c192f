import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { formatMoney } from '../../../lib/money';
import type { OrderTracking } from '../types';
import { formatOrderDate, formatStepTime, statusClass } from '../types';
import { OrderStatus } from './order-status';
import './orders.css';

/** The steps every order may pass through, in order; a cancelled, returned or expired order ends where it stopped. */
const PATH = ['placed', 'confirmed', 'processing', 'shipped', 'delivered'] as const;
const PATH_NAMES: Record<(typeof PATH)[number], string> = {
  placed: 'Order placed',
  confirmed: 'Confirmed',
  processing: 'Processing',
  shipped: 'Shipped',
  delivered: 'Delivered',
};

/**
 * Tracking data (spec §2: status, name, phone, e-mail, date, order id) and, when the answer has them
 * (issue 16), the steps with their times, the courier and tracking code, the items and totals and the
 * lucky-draw tokens. `actions` is where other order features (such as cancelling) put their buttons.
 */
export function TrackingResult({ data, actions, help }: { data: OrderTracking; actions?: ReactNode; help?: ReactNode }) {
  const delivered = statusClass(data.order_status_name) === 'delivered';
  const money = (amount: number | null | undefined) => formatMoney(amount ?? 0, data.currencySymbol);
  const tokens = data.lucky_draw_tokens ?? (data.coupons ? data.coupons.split(',').map((token) => token.trim()) : []);
  return (
    <section className="card tracking-result" aria-labelledby="tracking-title">
      <h2 id="tracking-title" className="section-title">
        Order {data.orderId}
      </h2>
      {delivered && <p className="tracking-result__celebrate">🎉 Your order has been delivered. Thank you for shopping with us!</p>}
      {data.steps && <TrackingSteps steps={data.steps} />}
      {data.courier || data.tracking_code ? (
        <p className="tracking-result__courier">
          Sent with <strong>{data.courier ?? 'our courier'}</strong>
          {data.tracking_code && (
            <>
              , tracking code <strong className="tracking-result__code">{data.tracking_code}</strong>
            </>
          )}
        </p>
      ) : null}
      {actions}
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
          <dt>Lucky-draw tokens</dt>
          <dd>{tokens.length > 0 ? tokens.join(', ') : '—'}</dd>
        </div>
      </dl>
      {data.items && data.items.length > 0 && (
        <div className="tracking-result__items">
          <h3 className="tracking-result__subtitle">Items</h3>
          <ul className="tracking-items">
            {data.items.map((item) => (
              <li key={`${item.slug}-${item.size}`}>
                <img src={item.thumbnail} alt="" width={48} height={48} loading="lazy" />
                <Link to={`/product-details/${item.slug}`}>{item.name}</Link>
                <span className="muted">
                  Size {item.size} × {item.qty}
                </span>
                <span className="tracking-items__total">{money(item.total)}</span>
              </li>
            ))}
          </ul>
          <dl className="tracking-totals">
            {data.subtotal !== null && data.subtotal !== undefined && (
              <div>
                <dt>Subtotal</dt>
                <dd>{money(data.subtotal)}</dd>
              </div>
            )}
            {Boolean(data.discount_amount) && (
              <div>
                <dt>Discount</dt>
                <dd>- {money(data.discount_amount)}</dd>
              </div>
            )}
            {data.devliery_charge !== null && data.devliery_charge !== undefined && (
              <div>
                <dt>Delivery</dt>
                <dd>{money(data.devliery_charge)}</dd>
              </div>
            )}
            <div className="tracking-totals__grand">
              <dt>Total</dt>
              <dd>{money(data.grand_total)}</dd>
            </div>
            <div className="tracking-totals__due">
              <dt>To pay on delivery</dt>
              <dd>
                {money(data.pay_on_delivery)}
                {data.paymentMethod === 'bkash' && <span className="muted"> (paid with bKash{data.bkash_verified ? ', verified' : ''})</span>}
              </dd>
            </div>
          </dl>
        </div>
      )}
      {help}
    </section>
  );
}

/** Done steps with their times, the next ones greyed; a cancelled, returned or expired order shows where it ended. */
function TrackingSteps({ steps }: { steps: NonNullable<OrderTracking['steps']> }) {
  const done = new Map(steps.map((step) => [step.step, step]));
  const ended = steps.find((step) => step.step === 'cancelled' || step.step === 'returned' || step.step === 'expired');
  const verified = done.get('payment_verified');
  const path = ended ? PATH.filter((step) => done.has(step)) : PATH;
  return (
    <ol className="tracking-steps" aria-label="Order progress">
      {path.map((step) => {
        const reached = done.get(step);
        return (
          <li key={step} className={`tracking-steps__step${reached ? ' tracking-steps__step--done' : ''}`}>
            <span className="tracking-steps__name">{PATH_NAMES[step]}</span>
            <span className="tracking-steps__time">{reached ? formatStepTime(reached.at) : 'Not yet'}</span>
          </li>
        );
      })}
      {verified && (
        <li className="tracking-steps__step tracking-steps__step--done">
          <span className="tracking-steps__name">{verified.name}</span>
          <span className="tracking-steps__time">{formatStepTime(verified.at)}</span>
        </li>
      )}
      {ended && (
        <li className="tracking-steps__step tracking-steps__step--ended">
          <span className="tracking-steps__name">{ended.name}</span>
          <span className="tracking-steps__time">{formatStepTime(ended.at)}</span>
        </li>
      )}
    </ol>
  );
}
