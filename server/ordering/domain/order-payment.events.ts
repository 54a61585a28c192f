/**
 * What happened to an order's payment through a payment gateway (issue 34, ADR 060), recorded on the order's
 * own stream (`order-<id>`) beside its status steps. The gateway itself (bKash tokenized checkout, or the demo)
 * is the payments context's business; ordering records the facts and keeps the rules (a payment completes
 * once, a refund never exceeds what was paid). Each event is consumed by the care timeline (`order_timeline`)
 * and the `order_payments` read model; the tracking answer folds them from the stream.
 */

/** `bkash` (tokenized checkout) or `demo` (nothing leaves the store). */
export type PaymentGatewayName = 'bkash' | 'demo';

/**
 * The store asked the gateway for a payment and is about to send the shopper to `redirectUrl` (bKash's
 * `bkashURL`). Recorded before the redirect: intent before effect. A later start (the shopper tries again)
 * replaces the current attempt. Fires from `StartPayment`.
 */
export type PaymentStarted = {
  type: 'PaymentStarted';
  data: {
    orderId: string;
    at: string;
    gateway: PaymentGatewayName;
    paymentId: string;
    amountPaisa: number;
    redirectUrl: string;
    /** Issue 30: the payment is the advance a cash order waits for (ADR 059, 061), not the whole total. */
    advance?: true;
  };
};

/**
 * The shopper approved the payment and the store is about to execute it. Recorded before the execute call, so
 * the execute happens at most once: whoever finds a payment in this state asks the gateway for its status
 * instead of executing again. Fires from `BeginPaymentExecution`.
 */
export type PaymentExecutionRequested = { type: 'PaymentExecutionRequested'; data: { orderId: string; at: string; paymentId: string } };

/**
 * The money moved: the gateway answered the execute (or the status query after it, or, for a typed transaction
 * id, its search) with a completed transaction. `payerMsisdn` is masked (`017•••••678`). `paymentId` is null for
 * a typed transaction id checked through `searchTransaction`. Fires from `CompletePayment`.
 */
export type PaymentCompleted = {
  type: 'PaymentCompleted';
  data: {
    orderId: string;
    at: string;
    gateway: PaymentGatewayName;
    paymentId: string | null;
    trxId: string;
    amountPaisa: number;
    payerMsisdn: string | null;
    via: 'execute' | 'status' | 'search';
    /** Issue 30 (ADR 061): the advance of a cash order (through the gateway, or a typed transfer found by search). */
    advance?: true;
  };
};

/** The payment will not complete: the shopper cancelled or failed at bKash, or bKash refused it. Fires from `FailPayment`. */
export type PaymentFailed = { type: 'PaymentFailed'; data: { orderId: string; at: string; paymentId: string; reason: string } };

/**
 * Staff asked for a refund of `amountPaisa`: recorded before the gateway is asked (intent before effect);
 * `refundId` is the request's idempotency key. Fires from `RequestRefund`.
 */
export type PaymentRefundRequested = {
  type: 'PaymentRefundRequested';
  data: { orderId: string; at: string; refundId: string; amountPaisa: number; reason: string };
};

/** The gateway refunded the money: its `refundTrxId`. Fires from `RecordRefund`. */
export type PaymentRefunded = {
  type: 'PaymentRefunded';
  data: { orderId: string; at: string; refundId: string; refundTrxId: string; amountPaisa: number; reason: string };
};

/** The gateway refused the refund; its amount may be asked for again. Fires from `FailRefund`. */
export type PaymentRefundFailed = { type: 'PaymentRefundFailed'; data: { orderId: string; at: string; refundId: string; reason: string } };

/** The shopper gave up on paying online and will pay cash on delivery. Fires from `SwitchToCashOnDelivery`. */
export type PaymentSwitchedToCash = { type: 'PaymentSwitchedToCash'; data: { orderId: string; at: string } };

export type OrderPaymentEvent =
  | PaymentStarted
  | PaymentExecutionRequested
  | PaymentCompleted
  | PaymentFailed
  | PaymentRefundRequested
  | PaymentRefunded
  | PaymentRefundFailed
  | PaymentSwitchedToCash;

export const ORDER_PAYMENT_EVENT_TYPES: ReadonlyArray<OrderPaymentEvent['type']> = [
  'PaymentStarted',
  'PaymentExecutionRequested',
  'PaymentCompleted',
  'PaymentFailed',
  'PaymentRefundRequested',
  'PaymentRefunded',
  'PaymentRefundFailed',
  'PaymentSwitchedToCash',
];
