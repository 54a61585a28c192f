import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { showAlert } from '../../components/feedback/feedback-store';
import { Loader } from '../../components/ui/spinner';
import { DURATIONS } from '../../lib/durations';
import { formatMoney } from '../../lib/money';
import { saveCart } from '../../features/cart/cart-store';
import { useSettingRow } from '../../features/settings/api/get-setting-row';
import { clearCoupon } from '../../features/checkout/coupon-store';
import { readLastOrderId, readPaymentOrderPhone } from '../../features/checkout/order-id-store';
import { useOrderSummary } from '../../features/orders/api/get-order-summary';
import { PaymentResult, type PaymentReturn } from '../../features/orders/components/payment-result';
import { OrderLinesTable } from '../../features/orders/components/order-lines-table';
import { OrderTotalsFooter } from '../../features/orders/components/order-totals-footer';
import '../../features/orders/components/orders.css';
import { amountDueOnDelivery, formatOrderDate, statusLabel } from '../../features/orders/types';
import { ContactCare } from '../layout/contact-care';
import { localDigits, t, useMessages } from '../../lib/i18n/locale';
import { cartMessages } from '../../lib/i18n/messages/cart';
import { ordersMessages } from '../../lib/i18n/messages/orders';

/**
 * /order-confirm, "Your Shopping - Order Confirm" (spec §2). Leads with what the shopper needs after ordering
 * (issue 16): the order id, what to pay the courier, what happens next and where to follow the order.
 * Coming straight from checkout, it empties the cart and coupon and says "Order Confirmed!" (spec §4).
 */
export function OrderConfirmRoute() {
  useMessages(ordersMessages, cartMessages);
  const [search] = useSearchParams();
  // Back from the bKash (or demo) gateway (issue 34): `?orderId=…&payment=paid|failed|cancelled|processing`.
  const returned = paymentReturnOf(search.get('payment'));
  const [orderId] = useState(() => (returned && search.get('orderId')) || readLastOrderId());
  const location = useLocation();
  const navigate = useNavigate();
  const state = location.state as { phone?: string; placed?: boolean } | null;
  const phone = state?.phone ?? (orderId ? readPaymentOrderPhone(orderId) : null) ?? undefined;
  const { data, isPending, isError } = useOrderSummary(orderId, phone);

  useEffect(() => {
    if (!state?.placed || !orderId) return;
    saveCart([]);
    clearCoupon();
    // Forget "just placed" so a reload does not say it again; the phone stays for the order's details.
    navigate('.', { replace: true, state: { phone } });
    void showAlert({ kind: 'success', title: t('confirm.dialogTitle'), text: t('confirm.dialogText', { id: orderId }), timer: DURATIONS.orderConfirmedDialog });
  }, [state?.placed, orderId, phone, navigate]);

  const trackingLink = orderId ? `/order-tracking?orderId=${encodeURIComponent(orderId)}` : '/order-tracking';
  const row = data?.orderrow;
  // A bKash payment that has not gone through leaves the whole total to pay (or to pay again).
  const unpaid = returned !== null && returned !== 'paid';
  const due = row ? (unpaid && row.paymentMethod === 'bkash' ? row.grand_total : amountDueOnDelivery(row)) : null;
  const { data: setting } = useSettingRow();
  // Issue 30 (ADR 059): an order the store's advance rules picked waits for its bKash advance before care confirms it.
  const advance = row?.advance_required && !row.advance ? row.advance_required : null;

  return (
    <div className="container page">
      <title>{t('confirm.title')}</title>
      <h1 className="page__title">{t('confirm.title')}</h1>
      {!orderId ? (
        <p>
          {t('confirm.noOrder')} <Link to="/shop">{t('cartPage.continue')}</Link>
        </p>
      ) : (
        <>
          <section className="card confirm-summary" aria-labelledby="confirm-title">
            <h2 id="confirm-title" className="confirm-summary__title">
              {t('confirm.thanks')}<strong className="confirm-summary__id">{orderId}</strong>
            </h2>
            {returned && <PaymentResult orderId={orderId} phone={phone ?? null} returned={returned} />}
            <dl className="confirm-summary__facts">
              {row?.paymentMethod === 'bkash' && !unpaid && row.bkash_paid === false && returned !== 'paid' ? (
                // Issue 32: nothing is "paid" until care has checked the transfer or the gateway says so.
                <div>
                  <dt>{t('track.bkashPayment')}</dt>
                  <dd className="confirm-summary__amount">{t('track.bkashChecking')}</dd>
                </div>
              ) : (
              <div>
                <dt>{t('confirm.toPay')}</dt>
                <dd className="confirm-summary__amount">
                  {row && due !== null ? formatMoney(due, data?.currencySymbol) : isPending ? <span className="skeleton">৳ {localDigits('0000.00')}</span> : '—'}
                  {row?.paymentMethod === 'bkash' && !unpaid && <span className="muted">{t('confirm.paidBkash')}</span>}
                </dd>
              </div>
              )}
              <div>
                <dt>{t('confirm.next')}</dt>
                <dd>{t('confirm.nextText')}</dd>
              </div>
            </dl>
            {advance !== null && row && (
              <p className="notice confirm-summary__advance" role="status">
                {row.transaction_id
                  ? t('confirm.advanceSent', { amount: formatMoney(advance, data?.currencySymbol) })
                  : t(setting?.bkash_number ? 'confirm.advanceNeededTo' : 'confirm.advanceNeeded', {
                      amount: formatMoney(advance, data?.currencySymbol),
                      number: localDigits(setting?.bkash_number ?? ''),
                      rest: formatMoney(Math.max(0, (row.grand_total ?? 0) - advance), data?.currencySymbol),
                    })}
              </p>
            )}
            <p className="confirm-summary__pending">{t('confirm.pending')}</p>
            <p className="confirm-actions">
              <Link to={trackingLink} className="button">
                {t('track.title')}
              </Link>{' '}
              <Link to="/shop" className="button button--secondary">
                {t('cartPage.continue')}
              </Link>
            </p>
            <ContactCare />
          </section>
          {isPending ? (
            <Loader label={t('confirm.loading')} />
          ) : isError || !data ? null : (
            <>
              <h2 className="section-title confirm-lines-title">{t('confirm.items')}</h2>
              <p className="muted">
                {t('confirm.orderedOn', { date: formatOrderDate(data.orderrow.order_date), status: statusLabel(data.orderrow.order_status_name ?? 'Pending') })}
              </p>
              <OrderLinesTable lines={data.history} currency={data.currencySymbol} footer={<OrderTotalsFooter order={data.orderrow} currency={data.currencySymbol} />} />
            </>
          )}
        </>
      )}
    </div>
  );
}

function paymentReturnOf(value: string | null): PaymentReturn | null {
  return value === 'paid' || value === 'failed' || value === 'cancelled' || value === 'processing' ? value : null;
}
