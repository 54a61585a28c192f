import { Link } from 'react-router-dom';
import { formatMoney } from '../../../lib/money';
import { t } from '../../../lib/i18n/locale';
import { cartSubtotal, discountAmount, type CartLine } from '../cart-store';

/** SUBTOTAL, "Discount (n) %" when a coupon is applied, GRAND TOTAL and Check Out (spec §2 Cart). */
/** Issue 32: the delivery charge before checkout: the zone of the area last picked, else the store's two charges. */
export type DeliveryEstimate = { kind: 'area'; place: string; amount: number } | { kind: 'zones'; inside: number; outside: number };

export function CartSummary({ lines, discountPercent, currency, delivery }: { lines: CartLine[]; discountPercent: number; currency?: string | null; delivery?: DeliveryEstimate }) {
  const subtotal = cartSubtotal(lines);
  const discount = discountAmount(subtotal, discountPercent);
  return (
    <section className="card cart-summary" aria-labelledby="cart-summary-title">
      <h2 id="cart-summary-title" className="visually-hidden">
        {t('cartPage.totals')}
      </h2>
      <dl>
        <div>
          <dt>{t('cartPage.subtotal')}</dt>
          <dd>{formatMoney(subtotal, currency)}</dd>
        </div>
        {discountPercent > 0 && (
          <div>
            <dt>{t('cartPage.discount', { percent: discountPercent })}</dt>
            <dd>- {formatMoney(discount, currency)}</dd>
          </div>
        )}
        <div className="cart-summary__grand">
          <dt>{t('cartPage.grandTotal')}</dt>
          <dd>{formatMoney(subtotal - discount, currency)}</dd>
        </div>
      </dl>
      {delivery && (
        <p className="cart-summary__delivery">
          {delivery.kind === 'area'
            ? t('cartPage.deliveryTo', { place: delivery.place, amount: formatMoney(delivery.amount, currency) })
            : t('cartPage.deliveryZones', { inside: formatMoney(delivery.inside, currency), outside: formatMoney(delivery.outside, currency) })}
        </p>
      )}
      <Link to="/checkout" className="button button--large">
        {t('cartPage.checkOut')}
      </Link>
    </section>
  );
}
