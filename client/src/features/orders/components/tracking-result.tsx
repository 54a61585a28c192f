import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { formatMoney } from '../../../lib/money';
import type { OrderTracking } from '../types';
import { formatOrderDate, formatStepTime, statusClass, statusLabel } from '../types';
import { localDigits, t } from '../../../lib/i18n/locale';
import { OrderStatus } from './order-status';
import { productName } from '../../../lib/i18n/product-text';
import { ParcelDelivery } from './parcel-delivery';
import './orders.css';

/** The steps every order may pass through, in order; a cancelled, returned or expired order ends where it stopped. */
const PATH = ['placed', 'confirmed', 'processing', 'shipped', 'delivered'] as const;
const PATH_NAMES: Record<(typeof PATH)[number], () => string> = {
  placed: () => t('step.placed'),
  confirmed: () => statusLabel('Confirmed'),
  processing: () => statusLabel('Processing'),
  shipped: () => statusLabel('Shipped'),
  delivered: () => statusLabel('Delivered'),
};

/**
 * Tracking data (spec §2: status, name, phone, e-mail, date, order id) and, when the answer has them
 * (issue 16), the steps with their times, the courier and tracking code, the items and totals and the
 * lucky-draw tokens. `actions` is where other order features (such as cancelling) put their buttons.
 */
export function TrackingResult({ data, actions, help }: { data: OrderTracking; actions?: ReactNode; help?: ReactNode }) {
  const delivered = statusClass(data.order_status_name) === 'delivered';
  const money = (amount: number | null | undefined) => formatMoney(amount ?? 0, data.currencySymbol);
  // Issue 32: a cancelled or expired order shows only what happened: nothing to pay, no lucky-draw token.
  const ended = ['cancelled', 'expired'].includes(statusClass(data.order_status_name)) || data.status === 'cancelled' || data.status === 'expired';
  const tokens = ended ? [] : (data.lucky_draw_tokens ?? (data.coupons ? data.coupons.split(',').map((token) => token.trim()) : []));
  const bkashChecking = data.paymentMethod === 'bkash' && !data.bkash_verified && data.payment?.state !== 'paid' && data.payment?.state !== 'partly_refunded';
  return (
    <section className="card tracking-result" aria-labelledby="tracking-title">
      <h2 id="tracking-title" className="section-title">
        {t('track.order', { id: data.orderId })}
      </h2>
      {delivered && <p className="tracking-result__celebrate">{t('track.delivered')}</p>}
      {data.steps && <TrackingSteps steps={data.steps} />}
      {data.shipment ? (
        <ParcelDelivery shipment={data.shipment} />
      ) : data.courier || data.tracking_code ? (
        <p className="tracking-result__courier">
          {t('track.sentWith')}<strong>{data.courier ?? t('track.ourCourier')}</strong>
          {data.tracking_code && (
            <>
              {t('track.trackingCode')}<strong className="tracking-result__code">{data.tracking_code}</strong>
            </>
          )}
        </p>
      ) : null}
      {actions}
      <dl className="details-list">
        <div>
          <dt>{t('track.status')}</dt>
          <dd>
            <OrderStatus name={data.order_status_name} />
          </dd>
        </div>
        <div>
          <dt>{t('track.orderId')}</dt>
          <dd>{data.orderId}</dd>
        </div>
        <div>
          <dt>{t('track.name')}</dt>
          <dd>{data.user_name}</dd>
        </div>
        <div>
          <dt>{t('track.phone')}</dt>
          <dd>{localDigits(data.user_phone)}</dd>
        </div>
        <div>
          <dt>{t('track.email')}</dt>
          <dd>{data.user_email || '—'}</dd>
        </div>
        <div>
          <dt>{t('track.date')}</dt>
          <dd>{formatOrderDate(data.order_date)}</dd>
        </div>
        {!ended && (
          <div>
            <dt>{t('track.tokens')}</dt>
            <dd>{tokens.length > 0 ? tokens.join(', ') : '—'}</dd>
          </div>
        )}
      </dl>
      {data.items && data.items.length > 0 && (
        <div className="tracking-result__items">
          <h3 className="tracking-result__subtitle">{t('track.items')}</h3>
          <ul className="tracking-items">
            {data.items.map((item) => (
              <li key={`${item.slug}-${item.size}`}>
                <img src={item.thumbnail} alt="" width={48} height={48} loading="lazy" />
                <Link to={`/product-details/${item.slug}`}>{productName(item)}</Link>
                <span className="muted">
                  {t('track.lineSize', { size: item.size, qty: item.qty })}
                </span>
                <span className="tracking-items__total">{money(item.total)}</span>
              </li>
            ))}
          </ul>
          <dl className="tracking-totals">
            {data.subtotal !== null && data.subtotal !== undefined && (
              <div>
                <dt>{t('track.subtotal')}</dt>
                <dd>{money(data.subtotal)}</dd>
              </div>
            )}
            {Boolean(data.discount_amount) && (
              <div>
                <dt>{t('track.discount')}</dt>
                <dd>- {money(data.discount_amount)}</dd>
              </div>
            )}
            {data.devliery_charge !== null && data.devliery_charge !== undefined && (
              <div>
                <dt>{t('track.delivery')}</dt>
                <dd>{money(data.devliery_charge)}</dd>
              </div>
            )}
            {Boolean(data.store_credit) && (
              <div>
                <dt>{t('track.storeCredit')}</dt>
                <dd>- {money(data.store_credit ?? 0)}</dd>
              </div>
            )}
            <div className="tracking-totals__grand">
              <dt>{t('track.total')}</dt>
              <dd>{money(data.grand_total)}</dd>
            </div>
            {ended ? null : bkashChecking ? (
              <div className="tracking-totals__due">
                <dt>{t('track.bkashPayment')}</dt>
                <dd>{t('track.bkashChecking')}</dd>
              </div>
            ) : (
              <div className="tracking-totals__due">
                <dt>{t('track.toPay')}</dt>
                <dd>
                  {money(data.pay_on_delivery)}
                  {data.paymentMethod === 'bkash' && <span className="muted">{t('track.paidBkash', { verified: data.bkash_verified ? t('track.verified') : '' })}</span>}
                </dd>
              </div>
            )}
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
    <ol className="tracking-steps" aria-label={t('track.progress')}>
      {path.map((step) => {
        const reached = done.get(step);
        return (
          <li key={step} className={`tracking-steps__step${reached ? ' tracking-steps__step--done' : ''}`}>
            <span className="tracking-steps__name">{PATH_NAMES[step]()}</span>
            <span className="tracking-steps__time">{reached ? formatStepTime(reached.at) : t('track.notYet')}</span>
          </li>
        );
      })}
      {verified && (
        <li className="tracking-steps__step tracking-steps__step--done">
          <span className="tracking-steps__name">{statusLabel(verified.name)}</span>
          <span className="tracking-steps__time">{formatStepTime(verified.at)}</span>
        </li>
      )}
      {ended && (
        <li className="tracking-steps__step tracking-steps__step--ended">
          <span className="tracking-steps__name">{statusLabel(ended.name)}</span>
          <span className="tracking-steps__time">{formatStepTime(ended.at)}</span>
        </li>
      )}
    </ol>
  );
}
