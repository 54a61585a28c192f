import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { getLocale, t } from '../../../lib/i18n/locale';
import { orderInformationQueryOptions } from '../api/get-order-information';
import { usePayCashInstead } from '../api/pay-cash-instead';
import { useRetryPayment } from '../api/retry-payment';
import type { OrderTracking } from '../types';

/** What the gateway's return said (`payment=` on /order-confirm); `cancelled` reads like `failed`. */
export type PaymentReturn = 'paid' | 'failed' | 'cancelled' | 'processing';

/** How many times a payment still being checked is read again, waiting 1, 2, 4… seconds between reads. */
export const PAYMENT_POLLS = 5;

/** The wait before the next read of a payment still being checked, or false when it is settled or reads ran out. */
export function nextPaymentPoll(data: OrderTracking | undefined, reads: number): number | false {
  const state = data?.payment?.state;
  const open = data === undefined || state === 'processing' || state === 'awaiting';
  // A cash order's advance (issue 30) is read like a bKash payment; a cash order without one has nothing to wait for.
  if (!open || (data?.paymentMethod === 'cash' && !data.payment?.advance) || reads > PAYMENT_POLLS) return false;
  return 1000 * 2 ** Math.max(0, reads - 1);
}

type Shown = 'paid' | 'failed' | 'processing' | 'checking-late' | 'cash';

function shownOf(returned: PaymentReturn, data: OrderTracking | undefined, reads: number): Shown {
  if (data?.paymentMethod === 'cash' && !data.payment?.advance) return 'cash';
  const state = data?.payment?.state;
  if (state === 'paid' || state === 'partly_refunded' || state === 'refunded') return 'paid';
  if (state === 'failed') return 'failed';
  if (data && (state === 'processing' || state === 'awaiting')) return reads > PAYMENT_POLLS ? 'checking-late' : 'processing';
  // Before the order's answer (or without the phone to read it) the gateway's return is all there is.
  return returned === 'paid' ? 'paid' : returned === 'processing' ? 'processing' : 'failed';
}

/**
 * The bKash payment on the confirmation page after the gateway sent the shopper back (issue 34): paid with its
 * transaction id; failed or cancelled with "Try again with bKash" and "Pay cash on delivery instead"; or being
 * checked, read again a few times with a growing wait until it settles.
 */
export function PaymentResult({ orderId, phone, returned }: { orderId: string; phone: string | null; returned: PaymentReturn }) {
  const queryClient = useQueryClient();
  const options = orderInformationQueryOptions(orderId, phone ?? '');
  const tracking = useQuery({
    ...options,
    enabled: Boolean(orderId && phone),
    refetchInterval: (query) => nextPaymentPoll(query.state.data, query.state.dataUpdateCount),
  });
  const retry = useRetryPayment();
  const cash = usePayCashInstead();
  const [leaving, setLeaving] = useState(false);
  // Rendered again on every read, so the count is the current one.
  const reads = tracking.data ? (queryClient.getQueryState(options.queryKey)?.dataUpdateCount ?? 0) : 0;
  const shown = cash.isSuccess ? 'cash' : shownOf(returned, tracking.data, reads);
  const payment = tracking.data?.payment;
  const trx = payment?.trx_id;
  // Issue 30 (ADR 061): the advance of a cash order, paid through bKash; the rest is paid on delivery.
  const advance = payment?.advance === true;
  const error = retry.error ?? cash.error;

  async function tryAgain() {
    if (!phone) return;
    const answer = await retry.mutateAsync({ orderId, phone }).catch(() => null);
    if (answer?.payment_url) {
      setLeaving(true);
      window.location.assign(answer.payment_url);
    }
  }

  return (
    <section className={`card payment-result payment-result--${shown}`} aria-labelledby="payment-result-title" aria-live="polite">
      {shown === 'paid' && (
        <>
          <h2 id="payment-result-title">{t(advance ? 'payment.advancePaidTitle' : 'payment.paidTitle')}</h2>
          <p>{trx ? t('payment.paidTrx', { trx }) : t('payment.paidText')}</p>
          {advance && <p>{t('payment.advancePaidText')}</p>}
        </>
      )}
      {shown === 'cash' && (
        <>
          <h2 id="payment-result-title">{t('payment.cashTitle')}</h2>
          <p>{t('payment.cashText')}</p>
        </>
      )}
      {(shown === 'processing' || shown === 'checking-late') && (
        <>
          <h2 id="payment-result-title">{t('payment.checkingTitle')}</h2>
          <p>{shown === 'processing' ? t('payment.checkingText') : t('payment.checkingLate')}</p>
          {shown === 'processing' && <span className="spinner" aria-hidden="true" />}
        </>
      )}
      {shown === 'failed' && (
        <>
          <h2 id="payment-result-title">{returned === 'cancelled' ? t('payment.cancelledTitle') : t('payment.failedTitle')}</h2>
          <p>{t(advance ? 'payment.advanceFailedText' : 'payment.failedText')}</p>
          {payment?.failure && <p className="muted">{getLocale() === 'en' ? payment.failure : t('payment.failureFromBkash', { reason: payment.failure })}</p>}
          {phone ? (
            <p className="confirm-actions">
              <button type="button" className="button" disabled={retry.isPending || cash.isPending || leaving} onClick={() => void tryAgain()}>
                {t('payment.tryAgain')}
              </button>
              {!advance && (
                <>
                  {' '}
                  <button type="button" className="button button--secondary" disabled={retry.isPending || cash.isPending || leaving} onClick={() => cash.mutate({ orderId, phone })}>
                    {t('payment.payCash')}
                  </button>
                </>
              )}
            </p>
          ) : (
            <p>{t('payment.callCare')}</p>
          )}
        </>
      )}
      {error && (
        <p className="notice notice--error" role="alert">
          {error instanceof ApiError && !error.isNetworkError ? (error.serverMessage ?? t('ui.somethingWrong')) : t('ui.somethingWrong')}
        </p>
      )}
    </section>
  );
}
