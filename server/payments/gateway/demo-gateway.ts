import { randomBytes } from 'node:crypto';
import {
  PaymentRefusal,
  type FoundTransaction,
  type PaymentGateway,
  type PaymentOutcome,
  type PaymentRequest,
  type RefundOutcome,
  type RefundRequest,
  type StartedPayment,
} from './payment-gateway';

export type DemoChoice = 'success' | 'failure' | 'cancel';

interface DemoPayment {
  orderId: string;
  amountPaisa: number;
  callbackUrl: string;
  choice: DemoChoice | null;
  executed: boolean;
  trxId: string | null;
  refundedPaisa: number;
}

/**
 * The demo gateway (ADR 056): nothing leaves the store and no money moves. Its "bKash page" is a page of the
 * store (`/api/payments/demo/pay`), clearly labelled as a demo, where the shopper chooses approve, fail or
 * cancel; it then sends the shopper to the same callback bKash would. Payments live in this process's memory:
 * a restart forgets them (an unfinished one then fails), which is enough to try the flow by hand.
 */
export class DemoGateway implements PaymentGateway {
  readonly service = 'payment';
  readonly name = 'demo';
  readonly provider = 'demo';
  readonly mode = 'demo';
  readonly label = 'demo payment gateway: no money moves; a store page stands in for bKash and the shopper chooses approve, fail or cancel';
  private readonly payments = new Map<string, DemoPayment>();

  constructor(private readonly pageUrl: (paymentId: string) => string) {}

  create(payment: PaymentRequest): Promise<StartedPayment> {
    const paymentId = `DEMO${randomBytes(9).toString('hex').toUpperCase()}`;
    this.payments.set(paymentId, { orderId: payment.orderId, amountPaisa: payment.amountPaisa, callbackUrl: payment.callbackUrl, choice: null, executed: false, trxId: null, refundedPaisa: 0 });
    return Promise.resolve({ paymentId, redirectUrl: this.pageUrl(paymentId) });
  }

  /** The demo page's view of a payment, or null when this process does not hold it. */
  view(paymentId: string): { orderId: string; amountPaisa: number; choice: DemoChoice | null } | null {
    const payment = this.payments.get(paymentId);
    return payment ? { orderId: payment.orderId, amountPaisa: payment.amountPaisa, choice: payment.choice } : null;
  }

  /** The shopper's choice on the demo page; answers where to send the shopper (the callback), once per payment. */
  choose(paymentId: string, choice: DemoChoice): string | null {
    const payment = this.payments.get(paymentId);
    if (!payment) return null;
    payment.choice ??= choice;
    const url = new URL(payment.callbackUrl);
    url.searchParams.set('paymentID', paymentId);
    url.searchParams.set('status', payment.choice);
    // The demo page and the callback are both the store's own: the shopper stays on the origin they came on
    // (http://127.0.0.1:3000 as well as the configured http://localhost:3000), their cart and session with them.
    return `${url.pathname}${url.search}`;
  }

  execute(paymentId: string): Promise<PaymentOutcome> {
    const payment = this.payments.get(paymentId);
    if (!payment || payment.choice !== 'success') return Promise.resolve(this.outcome(paymentId, payment));
    if (!payment.executed) {
      payment.executed = true;
      payment.trxId = `DEMO${randomBytes(4).toString('hex').toUpperCase()}`;
    }
    return Promise.resolve(this.outcome(paymentId, payment));
  }

  status(paymentId: string): Promise<PaymentOutcome> {
    return Promise.resolve(this.outcome(paymentId, this.payments.get(paymentId)));
  }

  search(trxId: string): Promise<FoundTransaction | null> {
    const payment = [...this.payments.values()].find((item) => item.trxId === trxId);
    return Promise.resolve(payment ? { trxId, state: 'completed', amountPaisa: payment.amountPaisa, payerMsisdn: '017•••••000', status: 'Completed' } : null);
  }

  refund(request: RefundRequest & { paidPaisa: number; refundedPaisa: number }): Promise<RefundOutcome> {
    if (request.amountPaisa <= 0 || request.amountPaisa > request.paidPaisa - request.refundedPaisa) {
      return Promise.reject(new PaymentRefusal('demo', 'the refund is more than what is left of the payment'));
    }
    const payment = this.payments.get(request.paymentId);
    if (payment) payment.refundedPaisa += request.amountPaisa;
    return Promise.resolve({ refundTrxId: `DEMOR${randomBytes(4).toString('hex').toUpperCase()}`, amountPaisa: request.amountPaisa });
  }

  private outcome(paymentId: string, payment: DemoPayment | undefined): PaymentOutcome {
    if (!payment) return { paymentId, state: 'failed', trxId: null, amountPaisa: null, payerMsisdn: null, orderId: null, detail: 'the demo gateway does not hold this payment (the store restarted?)' };
    const state = payment.executed ? 'completed' : payment.choice === null || payment.choice === 'success' ? 'pending' : 'failed';
    return {
      paymentId,
      state,
      trxId: payment.trxId,
      amountPaisa: payment.amountPaisa,
      payerMsisdn: payment.executed ? '017•••••000' : null,
      orderId: payment.orderId,
      detail: state === 'failed' ? (payment.choice === 'cancel' ? 'Cancelled' : 'Failed') : null,
    };
  }
}
