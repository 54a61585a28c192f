import type { OutsideAdapter } from '../../outside/outside-adapter';

/**
 * The payment gateway port (ADR 056, ADR 060): what the payments context asks of a gateway, in its own words.
 * bKash tokenized checkout is the `live` adapter; the demo gateway (a page in the store where the shopper chooses
 * approve, fail or cancel) is the adapter a shop without bKash credentials runs. Nothing outside
 * `server/payments` knows a provider exists. Amounts are in paisa here; adapters convert to the provider's taka.
 */
export type GatewayName = 'bkash' | 'demo';

/** A payment to start: the order, how much, and where the gateway sends the shopper back. */
export interface PaymentRequest {
  /** Our order id: bKash's `merchantInvoiceNumber` (and `payerReference`). */
  orderId: string;
  amountPaisa: number;
  /** Where the gateway sends the shopper back: `<origin>/api/payments/bkash/callback`. */
  callbackUrl: string;
}

export interface StartedPayment {
  paymentId: string;
  /** The page the shopper opens to approve the payment (bKash's `bkashURL`). */
  redirectUrl: string;
}

/** What the gateway says of a payment. */
export interface PaymentOutcome {
  paymentId: string;
  /** `completed`: the money moved; `pending`: not executed yet (Initiated); `failed`: it never will. */
  state: 'completed' | 'pending' | 'failed';
  trxId: string | null;
  amountPaisa: number | null;
  /** The payer's wallet number as the gateway gives it (bKash masks part of it), or null. */
  payerMsisdn: string | null;
  /** Our order id as the gateway holds it (`merchantInvoiceNumber`). */
  orderId: string | null;
  /** The gateway's own words for a state that is not completed. */
  detail: string | null;
}

/** A completed transaction found by its trx id (`searchTransaction`). */
export interface FoundTransaction {
  trxId: string;
  state: 'completed' | 'other';
  amountPaisa: number;
  payerMsisdn: string | null;
  /** The gateway's own status word (`Completed`, ...). */
  status: string;
}

export interface RefundRequest {
  paymentId: string;
  trxId: string;
  amountPaisa: number;
  reason: string;
  /** Our id of this refund (the request's idempotency key): a retry carries the same. */
  refundId: string;
}

export interface RefundOutcome {
  refundTrxId: string;
  amountPaisa: number;
}

export interface PaymentGateway extends OutsideAdapter {
  readonly service: 'payment';
  readonly name: GatewayName;
  /** Starts a payment; the shopper approves it at `redirectUrl`, then the gateway calls the callback. */
  create(payment: PaymentRequest): Promise<StartedPayment>;
  /**
   * Executes an approved payment, once. A timed-out execute is followed by a status query, never a second
   * execute; an execute the gateway says was already made is answered by the status, too.
   */
  execute(paymentId: string): Promise<PaymentOutcome>;
  status(paymentId: string): Promise<PaymentOutcome>;
  /** A transaction by its trx id, or null when the gateway has none. */
  search(trxId: string): Promise<FoundTransaction | null>;
  /**
   * Refunds part or all of a completed payment. A refund larger than what is left is refused before the gateway
   * is asked; after a timeout the adapter asks for the payment's refunds before asking again.
   */
  refund(request: RefundRequest & { paidPaisa: number; refundedPaisa: number; knownRefundTrxIds?: string[] }): Promise<RefundOutcome>;
}

/** A request the gateway refused, in its words (and code); asking again changes nothing. */
export class PaymentRefusal extends Error {
  constructor(
    readonly gateway: GatewayName,
    readonly reason: string,
    readonly code: string | null = null,
  ) {
    super(`${gateway} refused: ${reason}${code ? ` (code ${code})` : ''}`);
    this.name = 'PaymentRefusal';
  }
}

export const PAYMENT_GATEWAY = Symbol('PAYMENT_GATEWAY');
