import type { OrderPaymentView } from '../../../contracts/orders';
import { paisaToTaka } from '../../common/money';
import { refundedPaisa, type OrderPaymentState } from '../domain/order-payment';

/** An order's payment as tracking and care show it (issue 34); null when it has none. */
export function paymentViewOf(payment: OrderPaymentState | null | undefined): OrderPaymentView | null {
  if (!payment) return null;
  const refunded = refundedPaisa(payment);
  const state: OrderPaymentView['state'] =
    payment.state === 'started'
      ? 'awaiting'
      : payment.state === 'executing'
        ? 'processing'
        : payment.state === 'failed'
          ? 'failed'
          : refunded === 0
            ? 'paid'
            : refunded >= payment.paidPaisa
              ? 'refunded'
              : 'partly_refunded';
  return {
    gateway: payment.gateway,
    state,
    trx_id: payment.trxId,
    amount: paisaToTaka(payment.state === 'completed' ? payment.paidPaisa : payment.requestedPaisa),
    refunded: paisaToTaka(refunded),
    failure: payment.failure,
    // Issue 30 (ADR 061): the advance of a cash order, not its whole total.
    ...(payment.advance ? { advance: true as const } : {}),
  };
}
