import { z } from 'zod';
import { answerOf, type ApiRoute } from '../../observability/openapi/api-route';
import type { CheckoutResponse, OrderPaymentView } from '../../../contracts/orders';
import type { PaymentReconciliationResponse, ReconciliationFindingView } from '../../../contracts/payments';
import { callbackQuery, demoChoiceBody, demoPageQuery, ownerBody, reconciliationQuery, refundBody } from './payments.controller';

const orderIdParam = { orderId: z.string().min(1).max(40).describe('The order id shown to the shopper') };
const taka = z.number();
const paymentView = answerOf<OrderPaymentView>()(
  z.object({
    gateway: z.string(),
    state: z.enum(['awaiting', 'processing', 'paid', 'failed', 'refunded', 'partly_refunded']),
    trx_id: z.string().nullable(),
    amount: taka,
    refunded: taka,
    failure: z.string().nullable(),
    advance: z.literal(true).optional().describe('Issue 30: the advance of a cash-on-delivery order, not its whole total'),
  }),
);
const retryAnswer = answerOf<Required<Pick<CheckoutResponse, 'order_id' | 'payment_url'>> & { success: true }>()(
  z.object({ success: z.literal(true), order_id: z.string(), payment_url: z.string() }),
);
const cashAnswer = answerOf<{ success: true; order_id: string; message: string }>()(z.object({ success: z.literal(true), order_id: z.string(), message: z.string() }));
const refundAnswer = answerOf<{ success: true; order_id: string; refund_id: string; payment: OrderPaymentView | null; message: string }>()(
  z.object({ success: z.literal(true), order_id: z.string(), refund_id: z.string(), payment: paymentView.nullable(), message: z.string() }),
);

const findingView = answerOf<ReconciliationFindingView>()(
  z.object({
    kind: z.enum(['payment-without-order', 'paid-without-payment', 'amount-differs']),
    order_id: z.string().nullable(),
    gateway: z.string().nullable(),
    payment_id: z.string().nullable(),
    trx_id: z.string().nullable(),
    recorded: taka.nullable(),
    expected: taka.nullable(),
    detail: z.string(),
  }),
);
const reconciliationAnswer = answerOf<PaymentReconciliationResponse>()(
  z.object({
    success: z.literal(true),
    day: z.string().nullable(),
    ran_at: z.string().nullable(),
    checked: z.object({ payments: z.number(), orders: z.number(), gateway_asked: z.number(), gateway_unanswered: z.number(), unchecked_by_hand: z.number() }).nullable(),
    findings: z.array(findingView),
    days: z.array(z.object({ day: z.string(), ran_at: z.string(), findings: z.number() })),
  }),
);

/** bKash checkout's return, the demo gateway's page, trying again or paying cash, and staff refunds (issue 34). */
export const PAYMENTS_ROUTES: ApiRoute[] = [
  {
    method: 'get', path: '/api/payments/bkash/callback', tag: 'Orders', summary: 'Where bKash (or the demo gateway) sends the shopper back: executes an approved payment once, then 303 to the order confirmation page', access: 'public', query: callbackQuery, produces: 'text/html', success: 303,
    description:
      '`status=success` records the intent, executes the payment once (a timed-out execute is followed by a status query) and records `PaymentCompleted`; `failure` and `cancel` record `PaymentFailed`. Answers 303 to `/order-confirm?orderId=…&payment=paid|failed|processing`. A replayed callback changes nothing; a `paymentID` that is not an order\'s current payment is a 404 `payment-unknown` and changes nothing.',
    example: () => ({ query: { paymentID: 'TR0011NOSUCHPAYMENT', status: 'cancel' } }),
  },
  {
    method: 'get', path: '/api/payments/demo/pay', tag: 'Orders', summary: 'The demo gateway\'s page (no bKash credentials): the shopper approves, fails or cancels the payment', access: 'public', query: demoPageQuery, produces: 'text/html',
    description: 'Only with the demo gateway; labelled as a demo in English and Bengali. 404 for a payment it does not hold.',
    example: () => ({ query: { paymentId: 'DEMO0123456789ABCDEF01' } }),
  },
  {
    method: 'post', path: '/api/payments/demo/pay', tag: 'Orders', summary: 'The shopper\'s choice on the demo page; 303 to the callback bKash would call', access: 'public', body: demoChoiceBody, form: true, produces: 'text/html', success: 303,
    example: () => ({ body: { paymentId: 'DEMO0123456789ABCDEF01', choice: 'success' } }),
  },
  {
    method: 'post', path: '/api/payments/orders/:orderId/retry', tag: 'Orders', summary: 'Try paying again after a failed or cancelled bKash payment: a new payment and its page', access: 'public', params: orderIdParam, body: ownerBody, answer: retryAnswer,
    description: '404 alike for a wrong id or phone; 409 `payment-already-paid` once paid.',
    example: (s) => ({ params: { orderId: s.order.id }, body: { phone: s.order.phone } }),
  },
  {
    method: 'post', path: '/api/payments/orders/:orderId/cash', tag: 'Orders', summary: 'Pay cash on delivery instead of bKash', access: 'public', params: orderIdParam, body: ownerBody, answer: cashAnswer,
    description: 'The order no longer waits for a bKash payment (nor expires after the short hold). 404 alike for a wrong id or phone.',
    example: (s) => ({ params: { orderId: s.order.id }, body: { phone: s.order.phone } }),
  },
  {
    method: 'post', path: '/api/admin/orders/:orderId/refunds', tag: 'Staff: orders', summary: 'Refund part or all of an order\'s bKash payment', access: 'care', params: orderIdParam, body: refundBody, answer: refundAnswer, success: 201,
    headers: { 'idempotency-key': { schema: z.string().regex(/^[A-Za-z0-9._:-]{8,100}$/), description: 'The same key for every retry of one refund: bKash is asked once' } },
    description:
      'The refund is recorded, then bKash (or the demo gateway) is asked once, then its refund transaction id is recorded (`PaymentRefunded`). 422 `refund-exceeds-payment` (before bKash is asked) for more than is left; `refund-not-possible` without a completed payment; 409 `payment-gateway-refused` in bKash\'s words; 503 when bKash cannot be reached.',
    example: (s) => ({ params: { orderId: s.order.id }, headers: { 'idempotency-key': s.fresh('refund-5f1c2a9e') }, body: { amount: 100, reason: 'Returned one shirt' } }),
  },
  {
    method: 'get', path: '/api/admin/payments/reconciliation', tag: 'Staff: orders', summary: 'The daily payments reconciliation: payments with no order, orders marked paid with no payment, amounts that differ', access: 'admin', query: reconciliationQuery, answer: reconciliationAnswer,
    description:
      'The worker reconciles each shop day (Asia/Dhaka) once, after it ends: completed payments against the order log, and the last two days\' payments (and, with bKash, the transfers care verified by hand) against what the gateway says. `day` picks a day; without it the newest. `day` is null before the first run. Amounts in Taka.',
    example: () => ({ query: {} }),
  },
];
