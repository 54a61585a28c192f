import { Inject, Injectable, Logger } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { ConflictError, NotFoundError, ServiceUnavailableError, ValidationFailedError } from '../common/errors/domain-error';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import type { EventMetadata } from '../event-store/event-store.types';
import { OutsideServiceError } from '../outside/outside-http';
import {
  GetOrderPaymentQuery,
  PaymentAlreadyPaid,
  PaymentInProgress,
  RecordOrderPaymentCommand,
  type CheckoutPayments,
  type OrderPaymentFacts,
  type OrderPaymentStep,
} from '../ordering/published';
import { maskPhone } from '../sms/mask-phone';
import { PAYMENT_GATEWAY, PaymentRefusal, type PaymentGateway, type PaymentOutcome } from './gateway/payment-gateway';

/** Whether a cash order still waits for its advance: not verified by care, not paid through the gateway. */
function owesAdvance(facts: OrderPaymentFacts): boolean {
  if (facts.advancePaisa <= 0 || facts.bkashVerified) return false;
  return !(facts.payment?.state === 'completed' && facts.payment.paidPaisa >= facts.advancePaisa);
}

/** Where the shopper lands after the gateway: the order confirmation page, told how the payment went. */
export type CallbackResult = { orderId: string | null; payment: 'paid' | 'failed' | 'processing' | 'unknown' };

/** A refused request of the gateway, for the person who asked (the gateway's words, no secrets). */
export class PaymentGatewayRefused extends ConflictError<'payment-gateway-refused'> {
  constructor(reason: string) {
    super('payment-gateway-refused', { reason: reason.slice(0, 200) });
  }
}

export class PaymentGatewayUnavailable extends ServiceUnavailableError<'payment-gateway-unavailable'> {
  constructor() {
    super('payment-gateway-unavailable');
  }
}

/**
 * Payments through the configured gateway (issue 34, ADR 060): starts an order's payment, completes it from the
 * gateway's callback (intent before effect: `PaymentExecutionRequested` is recorded before the one execute; a
 * payment found in that state is asked for its status, never executed again), refunds, and checks typed trx
 * ids. Every fact goes onto the order through ordering's published command.
 */
@Injectable()
export class PaymentsService implements CheckoutPayments {
  readonly gatewayReady = true;
  private readonly logger = new Logger('Payments');

  constructor(
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  get gatewayName(): PaymentGateway['name'] {
    return this.gateway.name;
  }

  callbackUrl(): string {
    return `${this.config.appOrigins[0]}/api/payments/bkash/callback`;
  }

  factsOf(orderId: string): Promise<OrderPaymentFacts | null> {
    return this.facts(orderId);
  }

  private facts(orderId: string): Promise<OrderPaymentFacts | null> {
    return this.queries.execute(new GetOrderPaymentQuery(orderId));
  }

  private record(orderId: string, step: OrderPaymentStep, metadata: EventMetadata): Promise<OrderPaymentFacts> {
    return this.commands.execute(new RecordOrderPaymentCommand(orderId, step, metadata));
  }

  /** The gateway's failures as the API answers them: its refusal in its words (409), or unavailable (503). */
  private async ask<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (error instanceof PaymentRefusal) throw new PaymentGatewayRefused(error.reason);
      if (error instanceof OutsideServiceError) {
        this.logger.warn(error.message);
        throw new PaymentGatewayUnavailable();
      }
      throw error;
    }
  }

  async start(orderId: string, metadata: EventMetadata): Promise<{ paymentUrl: string }> {
    const facts = await this.facts(orderId);
    if (!facts) throw new Error(`order ${orderId} not found after it was placed`);
    return this.startFor(facts, metadata);
  }

  /** The advance of a cash order through the gateway (ADR 061); null when the order owes none. */
  async startAdvance(orderId: string, metadata: EventMetadata): Promise<{ paymentUrl: string } | null> {
    const facts = await this.facts(orderId);
    if (!facts || !owesAdvance(facts)) return null;
    return this.startFor(facts, metadata);
  }

  private async startFor(facts: OrderPaymentFacts, metadata: EventMetadata): Promise<{ paymentUrl: string }> {
    // A repeated checkout (the same Idempotency-Key) gets the payment already started.
    if (facts.payment?.state === 'started' && facts.payment.redirectUrl) return { paymentUrl: facts.payment.redirectUrl };
    if (facts.payment?.state === 'completed') throw new PaymentAlreadyPaid();
    // A cash order pays only its advance through the gateway; a bKash order its whole total.
    const advance = facts.paymentMethod === 'cash' && owesAdvance(facts);
    const amountPaisa = advance ? Math.min(facts.advancePaisa, facts.totalPaisa) : facts.totalPaisa;
    const started = await this.ask(() => this.gateway.create({ orderId: facts.orderId, amountPaisa, callbackUrl: this.callbackUrl() }));
    await this.record(
      facts.orderId,
      { type: 'StartPayment', gateway: this.gateway.name, paymentId: started.paymentId, amountPaisa, redirectUrl: started.redirectUrl, ...(advance ? { advance: true } : {}) },
      metadata,
    );
    return { paymentUrl: started.redirectUrl };
  }

  /** The order a payment id belongs to: our read model, or (just after the start) the gateway's invoice number. */
  private async orderOf(paymentId: string): Promise<string | null> {
    const rows: Array<{ order_id: string }> = await this.dataSource.query('SELECT order_id FROM order_payments WHERE payment_id = $1', [paymentId]);
    if (rows[0]) return rows[0].order_id;
    const outcome = await this.gateway.status(paymentId).catch(() => null);
    return outcome?.orderId ?? null;
  }

  /**
   * The shopper is back from the gateway. A payment id that is not an order's current payment changes nothing;
   * a replayed callback finds the payment settled and changes nothing; `success` records the execute's intent,
   * executes once and records the outcome.
   */
  async callback(paymentId: string, status: string, metadata: EventMetadata): Promise<CallbackResult> {
    const orderId = await this.orderOf(paymentId);
    const facts = orderId ? await this.facts(orderId) : null;
    if (!facts || facts.payment?.paymentId !== paymentId) return { orderId: null, payment: 'unknown' };
    const payment = facts.payment;
    if (payment.state === 'completed') return { orderId: facts.orderId, payment: 'paid' };
    if (payment.state === 'failed') return { orderId: facts.orderId, payment: 'failed' };
    if (payment.state === 'executing') return { orderId: facts.orderId, payment: await this.settle(facts.orderId, paymentId, metadata) };
    if (status !== 'success') {
      await this.record(facts.orderId, { type: 'FailPayment', paymentId, reason: status === 'cancel' ? 'Cancelled by the shopper' : 'Failed at bKash' }, metadata);
      return { orderId: facts.orderId, payment: 'failed' };
    }
    try {
      await this.record(facts.orderId, { type: 'BeginPaymentExecution', paymentId }, metadata);
    } catch (error) {
      if (error instanceof PaymentInProgress) return { orderId: facts.orderId, payment: 'processing' };
      if (error instanceof ValidationFailedError) {
        // The order closed (expired, cancelled) while the shopper was at bKash: nothing is executed, no money moves.
        await this.record(facts.orderId, { type: 'FailPayment', paymentId, reason: 'The order closed before the payment' }, metadata);
        return { orderId: facts.orderId, payment: 'failed' };
      }
      throw error;
    }
    let outcome: PaymentOutcome;
    try {
      outcome = await this.gateway.execute(paymentId);
    } catch (error) {
      // Unreachable or refused credentials: the payment stays "executing"; a status query settles it later.
      this.logger.warn(`execute of ${paymentId} for order ${facts.orderId} failed: ${(error as Error).message}`);
      return { orderId: facts.orderId, payment: 'processing' };
    }
    return { orderId: facts.orderId, payment: await this.recordOutcome(facts.orderId, paymentId, outcome, 'execute', metadata) };
  }

  /** A payment left "executing" (a lost answer, a crash): its status decides, never a second execute. */
  async settle(orderId: string, paymentId: string, metadata: EventMetadata): Promise<CallbackResult['payment']> {
    const outcome = await this.gateway.status(paymentId).catch(() => null);
    if (!outcome) return 'processing';
    return this.recordOutcome(orderId, paymentId, outcome, 'status', metadata);
  }

  private async recordOutcome(orderId: string, paymentId: string, outcome: PaymentOutcome, via: 'execute' | 'status', metadata: EventMetadata): Promise<CallbackResult['payment']> {
    if (outcome.state === 'completed' && outcome.trxId && outcome.amountPaisa !== null) {
      await this.record(
        orderId,
        { type: 'CompletePayment', gateway: this.gateway.name, paymentId, trxId: outcome.trxId, amountPaisa: outcome.amountPaisa, payerMsisdn: outcome.payerMsisdn ? maskPhone(outcome.payerMsisdn) : null, via },
        metadata,
      );
      return 'paid';
    }
    if (outcome.state === 'failed') {
      await this.record(orderId, { type: 'FailPayment', paymentId, reason: outcome.detail ?? 'Failed at bKash' }, metadata);
      return 'failed';
    }
    return 'processing';
  }

  /** Tries again after a failure: a new payment at the gateway, and its page. */
  async retry(orderId: string, metadata: EventMetadata): Promise<{ paymentUrl: string }> {
    return this.start(orderId, metadata);
  }

  async switchToCash(orderId: string, metadata: EventMetadata): Promise<OrderPaymentFacts> {
    return this.record(orderId, { type: 'SwitchToCashOnDelivery' }, metadata);
  }

  /**
   * A refund of part or all of an order's payment, once per `refundId`: the request is recorded first (the
   * decider refuses more than is left), then the gateway is asked once, then its answer is recorded.
   */
  async refund(orderId: string, amountPaisa: number, reason: string, refundId: string, metadata: EventMetadata): Promise<OrderPaymentFacts> {
    const before = await this.facts(orderId);
    if (!before) throw new NotFoundError('order-unknown', { orderId });
    const known = before?.payment?.refunds[refundId];
    if (known?.state === 'refunded' || known?.state === 'failed') return before!;
    if (known?.state === 'requested') throw new PaymentInProgress('refund-in-progress');
    const facts = await this.record(orderId, { type: 'RequestRefund', refundId, amountPaisa, reason }, metadata);
    const payment = facts.payment!;
    const others = Object.entries(payment.refunds).filter(([id]) => id !== refundId);
    const refundedPaisa = others.reduce((sum, [, refund]) => sum + (refund.state === 'refunded' ? refund.amountPaisa : 0), 0);
    try {
      const made = await this.gateway.refund({
        paymentId: payment.paymentId ?? '',
        trxId: payment.trxId ?? '',
        amountPaisa,
        reason,
        refundId,
        paidPaisa: payment.paidPaisa,
        refundedPaisa,
        knownRefundTrxIds: others.map(([, refund]) => refund.refundTrxId).filter((id): id is string => id !== null),
      });
      return await this.record(orderId, { type: 'RecordRefund', refundId, refundTrxId: made.refundTrxId, amountPaisa: made.amountPaisa }, metadata);
    } catch (error) {
      if (error instanceof PaymentRefusal) {
        await this.record(orderId, { type: 'FailRefund', refundId, reason: error.reason }, metadata);
        throw new PaymentGatewayRefused(error.reason);
      }
      if (error instanceof OutsideServiceError) throw new PaymentGatewayUnavailable();
      throw error;
    }
  }

  async checkTypedTransaction(trxId: string): Promise<{ trxId: string; amountPaisa: number; payerMsisdn: string | null } | null> {
    if (this.gateway.mode !== 'live') return null;
    let found;
    try {
      found = await this.gateway.search(trxId);
    } catch (error) {
      // bKash cannot be asked now: the order takes the typed id as before, and care checks it by hand.
      this.logger.warn(`searchTransaction ${trxId} failed: ${(error as Error).message}`);
      return null;
    }
    if (!found || found.state !== 'completed') throw ValidationFailedError.field('transaction_id', 'bkash-transaction-not-found', { trxId });
    return { trxId: found.trxId, amountPaisa: found.amountPaisa, payerMsisdn: found.payerMsisdn };
  }

  async recordTypedTransaction(orderId: string, found: { trxId: string; amountPaisa: number; payerMsisdn: string | null }, metadata: EventMetadata): Promise<void> {
    const used: Array<{ order_id: string }> = await this.dataSource.query('SELECT order_id FROM order_payments WHERE trx_id = $1 AND order_id <> $2', [found.trxId, orderId]);
    if (used.length > 0) {
      // Another order has it: this order stays a typed one for care to check by hand.
      this.logger.warn(`trx ${found.trxId} typed for order ${orderId} already pays order ${used[0].order_id}`);
      return;
    }
    await this.record(
      orderId,
      { type: 'CompletePayment', gateway: 'bkash', paymentId: null, trxId: found.trxId, amountPaisa: found.amountPaisa, payerMsisdn: found.payerMsisdn ? maskPhone(found.payerMsisdn) : null, via: 'search' },
      metadata,
    ).catch((error: unknown) => {
      // Already paid, or a cash order that owes no advance: the typed id stays for care to check by hand.
      if (!(error instanceof PaymentAlreadyPaid) && !(error instanceof ValidationFailedError)) throw error;
    });
  }
}
