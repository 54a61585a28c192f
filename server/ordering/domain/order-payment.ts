import { ConflictError, NotFoundError } from '../../common/errors/domain-error';
import type { OrderPaymentEvent, PaymentGatewayName } from './order-payment.events';
import { OrderRuleViolation } from './order.errors';
import type { OrderStatus } from './order-status';

/**
 * The payment part of an order's state and rules (issue 34): one current attempt through a gateway (a new start
 * replaces a failed one), what was paid, and the refunds asked for and made. Part of `orderDecider`: the order
 * stream decides its payment, so a payment and a cancellation never race past each other.
 */
export interface OrderPaymentState {
  gateway: PaymentGatewayName;
  /** The current attempt's id at the gateway; null for a typed transaction id found by search. */
  paymentId: string | null;
  /** What the store asked for, and the shopper's page at the gateway. */
  requestedPaisa: number;
  redirectUrl: string | null;
  /** Issue 30 (ADR 061): the advance of a cash order, paid through the gateway; absent for the whole total. */
  advance?: true;
  state: 'started' | 'executing' | 'completed' | 'failed';
  trxId: string | null;
  paidPaisa: number;
  payerMsisdn: string | null;
  failure: string | null;
  refunds: Readonly<Record<string, { amountPaisa: number; state: 'requested' | 'refunded' | 'failed'; refundTrxId: string | null; reason: string }>>;
}

type Step<T extends string, D = object> = { type: T; data: { orderId: string; now: Date } & D };

export type StartPayment = Step<'StartPayment', { gateway: PaymentGatewayName; paymentId: string; amountPaisa: number; redirectUrl: string; advance?: boolean }>;
export type BeginPaymentExecution = Step<'BeginPaymentExecution', { paymentId: string }>;
export type CompletePayment = Step<
  'CompletePayment',
  { gateway: PaymentGatewayName; paymentId: string | null; trxId: string; amountPaisa: number; payerMsisdn: string | null; via: 'execute' | 'status' | 'search' }
>;
export type FailPayment = Step<'FailPayment', { paymentId: string; reason: string }>;
export type RequestRefund = Step<'RequestRefund', { refundId: string; amountPaisa: number; reason: string }>;
export type RecordRefund = Step<'RecordRefund', { refundId: string; refundTrxId: string; amountPaisa: number }>;
export type FailRefund = Step<'FailRefund', { refundId: string; reason: string }>;
export type SwitchToCashOnDelivery = Step<'SwitchToCashOnDelivery'>;

export type OrderPaymentCommand =
  | StartPayment
  | BeginPaymentExecution
  | CompletePayment
  | FailPayment
  | RequestRefund
  | RecordRefund
  | FailRefund
  | SwitchToCashOnDelivery;

const PAYMENT_COMMANDS = new Set<string>([
  'StartPayment',
  'BeginPaymentExecution',
  'CompletePayment',
  'FailPayment',
  'RequestRefund',
  'RecordRefund',
  'FailRefund',
  'SwitchToCashOnDelivery',
]);

export function isPaymentCommand(command: { type: string }): command is OrderPaymentCommand {
  return PAYMENT_COMMANDS.has(command.type);
}

/** What the payment rules read of the order. */
export interface PayableOrder {
  orderId: string;
  status: OrderStatus;
  paymentMethod: 'cash' | 'bkash' | null;
  viaGateway?: boolean;
  payment?: OrderPaymentState | null;
  /** Issue 30: the advance the order waits for (0: none), and whether care verified a bKash transfer for it. */
  advancePaisa?: number;
  bkashVerified?: boolean;
}

/** Whether the order waits for an advance it has not paid yet (ADR 059, 061): verified by hand, or paid through the gateway. */
export function advanceOwed(order: PayableOrder): boolean {
  if ((order.advancePaisa ?? 0) <= 0 || order.bkashVerified) return false;
  return !(order.payment?.state === 'completed' && order.payment.paidPaisa >= (order.advancePaisa ?? 0));
}

/** A payment id, refund id or trx id that is not this order's. */
export class PaymentUnknown extends NotFoundError<'payment-unknown'> {
  constructor() {
    super('payment-unknown');
  }
}

/** Another request is completing this payment (or refund) now: read again in a moment. */
export class PaymentInProgress extends ConflictError<'payment-in-progress' | 'refund-in-progress'> {}

export class PaymentAlreadyPaid extends ConflictError<'payment-already-paid'> {
  constructor() {
    super('payment-already-paid');
  }
}

/** The money refundable now: paid, less what is refunded or asked for. */
export function refundablePaisa(payment: OrderPaymentState | null | undefined): number {
  if (!payment || payment.state !== 'completed') return 0;
  const held = Object.values(payment.refunds).reduce((sum, refund) => sum + (refund.state === 'failed' ? 0 : refund.amountPaisa), 0);
  return Math.max(0, payment.paidPaisa - held);
}

export function refundedPaisa(payment: OrderPaymentState | null | undefined): number {
  if (!payment) return 0;
  return Object.values(payment.refunds).reduce((sum, refund) => sum + (refund.state === 'refunded' ? refund.amountPaisa : 0), 0);
}

export function evolvePayment(payment: OrderPaymentState | null, event: OrderPaymentEvent): OrderPaymentState | null {
  switch (event.type) {
    case 'PaymentStarted':
      return {
        gateway: event.data.gateway,
        paymentId: event.data.paymentId,
        requestedPaisa: event.data.amountPaisa,
        redirectUrl: event.data.redirectUrl,
        ...(event.data.advance ? { advance: true as const } : {}),
        state: 'started',
        trxId: null,
        paidPaisa: 0,
        payerMsisdn: null,
        failure: null,
        refunds: {},
      };
    case 'PaymentExecutionRequested':
      return payment ? { ...payment, state: 'executing' } : payment;
    case 'PaymentCompleted':
      return {
        gateway: event.data.gateway,
        paymentId: event.data.paymentId,
        requestedPaisa: payment?.requestedPaisa ?? event.data.amountPaisa,
        redirectUrl: payment?.redirectUrl ?? null,
        ...(event.data.advance || (payment?.advance && payment.paymentId === event.data.paymentId) ? { advance: true as const } : {}),
        state: 'completed',
        trxId: event.data.trxId,
        paidPaisa: event.data.amountPaisa,
        payerMsisdn: event.data.payerMsisdn,
        failure: null,
        refunds: payment?.refunds ?? {},
      };
    case 'PaymentFailed':
      return payment ? { ...payment, state: 'failed', failure: event.data.reason } : payment;
    case 'PaymentRefundRequested':
      return payment
        ? { ...payment, refunds: { ...payment.refunds, [event.data.refundId]: { amountPaisa: event.data.amountPaisa, state: 'requested', refundTrxId: null, reason: event.data.reason } } }
        : payment;
    case 'PaymentRefunded': {
      if (!payment) return payment;
      const refund = payment.refunds[event.data.refundId];
      return { ...payment, refunds: { ...payment.refunds, [event.data.refundId]: { ...refund, amountPaisa: event.data.amountPaisa, state: 'refunded', refundTrxId: event.data.refundTrxId, reason: event.data.reason } } };
    }
    case 'PaymentRefundFailed': {
      if (!payment?.refunds[event.data.refundId]) return payment;
      return { ...payment, refunds: { ...payment.refunds, [event.data.refundId]: { ...payment.refunds[event.data.refundId], state: 'failed' } } };
    }
    case 'PaymentSwitchedToCash':
      return payment;
  }
}

const CLOSED: readonly OrderStatus[] = ['cancelled', 'returned', 'expired'];

/**
 * The rules of an order's payment. A repeated fact (the same payment started, completed or failed again, the
 * same refund asked again) decides nothing, so a replayed callback or request changes nothing.
 */
export function decidePayment(command: OrderPaymentCommand, order: PayableOrder): OrderPaymentEvent[] {
  const { orderId } = order;
  const at = command.data.now.toISOString();
  const payment = order.payment ?? null;
  switch (command.type) {
    case 'StartPayment': {
      if (payment?.paymentId === command.data.paymentId) return [];
      // The whole total of a bKash order placed for the gateway, or the advance a cash order waits for (ADR 061).
      const advance = command.data.advance === true;
      if (advance ? order.paymentMethod !== 'cash' || !advanceOwed(order) : order.paymentMethod !== 'bkash' || !order.viaGateway) {
        throw new OrderRuleViolation('paymentMethod', 'payment-not-gateway');
      }
      if (payment?.state === 'completed') throw new PaymentAlreadyPaid();
      if (payment?.state === 'executing') throw new PaymentInProgress('payment-in-progress');
      if (order.status !== 'pending' && order.status !== 'confirmed') throw new OrderRuleViolation('status', 'payment-not-startable', { status: order.status });
      const { gateway, paymentId, amountPaisa, redirectUrl } = command.data;
      return [{ type: 'PaymentStarted', data: { orderId, at, gateway, paymentId, amountPaisa, redirectUrl, ...(advance ? { advance: true as const } : {}) } }];
    }
    case 'BeginPaymentExecution': {
      if (!payment || payment.paymentId !== command.data.paymentId) throw new PaymentUnknown();
      if (payment.state === 'completed') throw new PaymentAlreadyPaid();
      if (payment.state === 'executing') throw new PaymentInProgress('payment-in-progress');
      if (payment.state === 'failed') throw new OrderRuleViolation('status', 'payment-not-startable', { status: 'failed' });
      if (CLOSED.includes(order.status)) throw new OrderRuleViolation('status', 'payment-not-startable', { status: order.status });
      return [{ type: 'PaymentExecutionRequested', data: { orderId, at, paymentId: payment.paymentId } }];
    }
    case 'CompletePayment': {
      const { paymentId, trxId } = command.data;
      if (payment?.state === 'completed') {
        if (payment.trxId === trxId) return [];
        throw new PaymentAlreadyPaid();
      }
      if (paymentId !== null) {
        if (!payment || payment.paymentId !== paymentId) throw new PaymentUnknown();
        if (payment.state !== 'executing') throw new PaymentUnknown();
      } else if (order.paymentMethod !== 'bkash' && !(order.paymentMethod === 'cash' && advanceOwed(order))) {
        throw new OrderRuleViolation('paymentMethod', 'order-not-bkash');
      }
      const { gateway, amountPaisa, payerMsisdn, via } = command.data;
      const advance = order.paymentMethod === 'cash' && (paymentId === null || payment?.advance === true);
      return [{ type: 'PaymentCompleted', data: { orderId, at, gateway, paymentId, trxId, amountPaisa, payerMsisdn, via, ...(advance ? { advance: true as const } : {}) } }];
    }
    case 'FailPayment': {
      if (!payment || payment.paymentId !== command.data.paymentId) throw new PaymentUnknown();
      if (payment.state === 'failed') return [];
      if (payment.state === 'completed') throw new PaymentAlreadyPaid();
      return [{ type: 'PaymentFailed', data: { orderId, at, paymentId: command.data.paymentId, reason: command.data.reason.slice(0, 300) } }];
    }
    case 'RequestRefund': {
      const { refundId, amountPaisa } = command.data;
      if (payment?.refunds[refundId]) return [];
      if (!payment || payment.state !== 'completed') throw new OrderRuleViolation('amount', 'refund-not-possible');
      if (!Number.isInteger(amountPaisa) || amountPaisa <= 0) throw new OrderRuleViolation('amount', 'refund-amount-invalid');
      const reason = command.data.reason.trim();
      if (!reason) throw new OrderRuleViolation('reason', 'refund-reason-required');
      if (reason.length > 255) throw new OrderRuleViolation('reason', 'at-most-characters', { max: 255 });
      const refundable = refundablePaisa(payment);
      if (amountPaisa > refundable) throw new OrderRuleViolation('amount', 'refund-exceeds-payment', { refundable: (refundable / 100).toFixed(2) });
      return [{ type: 'PaymentRefundRequested', data: { orderId, at, refundId, amountPaisa, reason } }];
    }
    case 'RecordRefund': {
      const refund = payment?.refunds[command.data.refundId];
      if (!refund) throw new PaymentUnknown();
      if (refund.state === 'refunded') return [];
      const { refundId, refundTrxId, amountPaisa } = command.data;
      return [{ type: 'PaymentRefunded', data: { orderId, at, refundId, refundTrxId, amountPaisa, reason: refund.reason } }];
    }
    case 'FailRefund': {
      const refund = payment?.refunds[command.data.refundId];
      if (!refund) throw new PaymentUnknown();
      if (refund.state !== 'requested') return [];
      return [{ type: 'PaymentRefundFailed', data: { orderId, at, refundId: command.data.refundId, reason: command.data.reason.slice(0, 300) } }];
    }
    case 'SwitchToCashOnDelivery': {
      if (order.paymentMethod !== 'bkash' || !order.viaGateway) return [];
      if (payment?.state === 'completed') throw new PaymentAlreadyPaid();
      if (payment?.state === 'executing') throw new PaymentInProgress('payment-in-progress');
      if (order.status !== 'pending' && order.status !== 'confirmed') throw new OrderRuleViolation('status', 'payment-not-startable', { status: order.status });
      return [{ type: 'PaymentSwitchedToCash', data: { orderId, at } }];
    }
  }
}
