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

/** What the demo gateway needs of PostgreSQL: a query (the app's DataSource). */
export interface DemoGatewayStore {
  query(sql: string, parameters?: unknown[]): Promise<unknown>;
}

interface DemoPaymentRow {
  order_id: string;
  amount_paisa: number;
  callback_url: string;
  choice: DemoChoice | null;
  executed: boolean;
  trx_id: string | null;
  refunded_paisa: number;
}

const COLUMNS = 'order_id, amount_paisa, callback_url, choice, executed, trx_id, refunded_paisa';

/**
 * The demo gateway (ADR 056, ADR 061): nothing leaves the store and no money moves. Its "bKash page" is a page of
 * the store (`/api/payments/demo/pay`), clearly labelled as a demo, where the shopper chooses approve, fail or
 * cancel; it then sends the shopper to the same callback bKash would. Its payments are kept in PostgreSQL
 * (`demo_gateway_payments`), bKash's side of the payment, so any API process can serve the page, the callback's
 * execute and a later refund of a payment another process created. Each change is one guarded statement: a
 * choice is made once, an execute gives one trx id, a refund never passes what was paid.
 */
export class DemoGateway implements PaymentGateway {
  readonly service = 'payment';
  readonly name = 'demo';
  readonly provider = 'demo';
  readonly mode = 'demo';
  readonly label = 'demo payment gateway: no money moves; a store page stands in for bKash and the shopper chooses approve, fail or cancel';

  constructor(
    private readonly pageUrl: (paymentId: string) => string,
    private readonly store: DemoGatewayStore,
  ) {}

  private async read(paymentId: string): Promise<DemoPayment | undefined> {
    const rows = (await this.store.query(`SELECT ${COLUMNS} FROM demo_gateway_payments WHERE payment_id = $1`, [paymentId])) as DemoPaymentRow[];
    return rows[0] ? paymentOf(rows[0]) : undefined;
  }

  async create(payment: PaymentRequest): Promise<StartedPayment> {
    const paymentId = `DEMO${randomBytes(9).toString('hex').toUpperCase()}`;
    await this.store.query(`INSERT INTO demo_gateway_payments (payment_id, order_id, amount_paisa, callback_url) VALUES ($1, $2, $3, $4)`, [
      paymentId,
      payment.orderId,
      payment.amountPaisa,
      payment.callbackUrl,
    ]);
    return { paymentId, redirectUrl: this.pageUrl(paymentId) };
  }

  /** The demo page's view of a payment, or null when the gateway does not hold it. */
  async view(paymentId: string): Promise<{ orderId: string; amountPaisa: number; choice: DemoChoice | null } | null> {
    const payment = await this.read(paymentId);
    return payment ? { orderId: payment.orderId, amountPaisa: payment.amountPaisa, choice: payment.choice } : null;
  }

  /** The shopper's choice on the demo page; answers where to send the shopper (the callback), once per payment. */
  async choose(paymentId: string, choice: DemoChoice): Promise<string | null> {
    await this.store.query(`UPDATE demo_gateway_payments SET choice = $2 WHERE payment_id = $1 AND choice IS NULL`, [paymentId, choice]);
    const payment = await this.read(paymentId);
    if (!payment) return null;
    const url = new URL(payment.callbackUrl);
    url.searchParams.set('paymentID', paymentId);
    url.searchParams.set('status', payment.choice ?? choice);
    // The demo page and the callback are both the store's own: the shopper stays on the origin they came on
    // (http://127.0.0.1:3000 as well as the configured http://localhost:3000), their cart and session with them.
    return `${url.pathname}${url.search}`;
  }

  async execute(paymentId: string): Promise<PaymentOutcome> {
    // One trx id per payment, whichever process executes first.
    await this.store.query(
      `UPDATE demo_gateway_payments SET executed = true, trx_id = $2 WHERE payment_id = $1 AND choice = 'success' AND NOT executed`,
      [paymentId, `DEMO${randomBytes(4).toString('hex').toUpperCase()}`],
    );
    return this.outcome(paymentId, await this.read(paymentId));
  }

  async status(paymentId: string): Promise<PaymentOutcome> {
    return this.outcome(paymentId, await this.read(paymentId));
  }

  async search(trxId: string): Promise<FoundTransaction | null> {
    const rows = (await this.store.query(`SELECT ${COLUMNS} FROM demo_gateway_payments WHERE trx_id = $1`, [trxId])) as DemoPaymentRow[];
    return rows[0] ? { trxId, state: 'completed', amountPaisa: rows[0].amount_paisa, payerMsisdn: '017•••••000', status: 'Completed' } : null;
  }

  async refund(request: RefundRequest & { paidPaisa: number; refundedPaisa: number }): Promise<RefundOutcome> {
    if (request.amountPaisa <= 0 || request.amountPaisa > request.paidPaisa - request.refundedPaisa) {
      throw new PaymentRefusal('demo', 'the refund is more than what is left of the payment');
    }
    await this.store.query(
      `UPDATE demo_gateway_payments SET refunded_paisa = refunded_paisa + $2 WHERE payment_id = $1 AND refunded_paisa + $2 <= amount_paisa`,
      [request.paymentId, request.amountPaisa],
    );
    return { refundTrxId: `DEMOR${randomBytes(4).toString('hex').toUpperCase()}`, amountPaisa: request.amountPaisa };
  }

  private outcome(paymentId: string, payment: DemoPayment | undefined): PaymentOutcome {
    if (!payment) return { paymentId, state: 'failed', trxId: null, amountPaisa: null, payerMsisdn: null, orderId: null, detail: 'the demo gateway does not hold this payment' };
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

function paymentOf(row: DemoPaymentRow): DemoPayment {
  return {
    orderId: row.order_id,
    amountPaisa: Number(row.amount_paisa),
    callbackUrl: row.callback_url,
    choice: row.choice,
    executed: row.executed,
    trxId: row.trx_id,
    refundedPaisa: Number(row.refunded_paisa),
  };
}
