import { Inject, Injectable } from '@nestjs/common';
import { Command, CommandHandler, Query, QueryHandler, type ICommandHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { EventMetadata } from '../../event-store/event-store.types';
import { CommandPath } from '../../event-store/command-path/command-path';
import { CLOCK, type Clock } from '../../common/clock';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { OrderChanges } from '../change-order/order-changes';
import { orderStateOf } from '../domain/loaded-states';
import type { OrderPaymentCommand, OrderPaymentState } from '../domain/order-payment';
import { normalizeOrderId, orderStreamId } from '../domain/order-id';
import type { OrderStatus } from '../domain/order-status';
import { OrderExpiry } from '../expiry/order-expiry';

/** A payment step as another context asks for it: the domain command without the order id and the time. */
export type OrderPaymentStep = { [T in OrderPaymentCommand['type']]: { type: T } & Omit<Extract<OrderPaymentCommand, { type: T }>['data'], 'orderId' | 'now'> }[OrderPaymentCommand['type']];

/** What the payments context reads of an order: enough to start, complete and refund its payment. */
export interface OrderPaymentFacts {
  orderId: string;
  status: OrderStatus;
  phone: string;
  placedAt: string;
  paymentMethod: 'cash' | 'bkash' | null;
  viaGateway: boolean;
  /** The order's total now (paisa). */
  totalPaisa: number;
  payment: OrderPaymentState | null;
  /** Issue 30: the advance the order waits for (0: none) and whether care verified a bKash transfer for it. */
  advancePaisa: number;
  bkashVerified: boolean;
}

/**
 * Records one payment fact on an order through the order's command path (issue 34): the order decider's payment
 * rules decide, a repeated fact decides nothing. Answers the order's payment facts after it. Published for the
 * payments context (`server/ordering/published.ts`).
 */
export class RecordOrderPaymentCommand extends Command<OrderPaymentFacts> {
  constructor(
    readonly orderId: string,
    readonly step: OrderPaymentStep,
    readonly metadata: EventMetadata,
  ) {
    super();
  }
}

/** The payment facts of an order, read from its stream (so just after a write); null for an unknown order. */
export class GetOrderPaymentQuery extends Query<OrderPaymentFacts | null> {
  constructor(readonly orderId: string) {
    super();
  }
}

@Injectable()
export class OrderPaymentReader {
  constructor(private readonly path: CommandPath) {}

  async facts(orderId: string): Promise<OrderPaymentFacts | null> {
    const id = normalizeOrderId(orderId);
    if (!id) return null;
    const stream = orderStreamId(id);
    const state = orderStateOf(await this.path.read([stream]), stream);
    if (state.status === 'none') return null;
    return {
      orderId: state.orderId,
      status: state.status,
      phone: state.phone,
      placedAt: state.placedAt,
      paymentMethod: state.paymentMethod,
      viaGateway: state.viaGateway === true,
      totalPaisa: state.totalPaisa ?? 0,
      payment: state.payment ?? null,
      advancePaisa: state.advancePaisa ?? 0,
      bkashVerified: state.bkashVerified,
    };
  }
}

@CommandHandler(RecordOrderPaymentCommand)
export class RecordOrderPaymentHandler implements ICommandHandler<RecordOrderPaymentCommand, OrderPaymentFacts> {
  constructor(
    private readonly changes: OrderChanges,
    private readonly reader: OrderPaymentReader,
    private readonly expiry: OrderExpiry,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ orderId, step, metadata }: RecordOrderPaymentCommand): Promise<OrderPaymentFacts> {
    const { type, ...data } = step;
    await this.changes.apply({ type, data: { ...data, orderId, now: this.clock.now() } } as OrderPaymentCommand, metadata);
    const facts = await this.reader.facts(orderId);
    if (!facts) throw new Error(`order ${orderId} vanished after a payment step`);
    if (type === 'StartPayment' && facts.payment?.state === 'started') {
      // The short hold's deadline (the expiry sweep is the safety net).
      const hours = (this.config.payments?.holdMinutes ?? 20) / 60;
      void this.expiry.schedule([facts.orderId], new Date(facts.placedAt), hours).catch(() => undefined);
    }
    return facts;
  }
}

@QueryHandler(GetOrderPaymentQuery)
export class GetOrderPaymentHandler implements IQueryHandler<GetOrderPaymentQuery, OrderPaymentFacts | null> {
  constructor(private readonly reader: OrderPaymentReader) {}

  execute({ orderId }: GetOrderPaymentQuery): Promise<OrderPaymentFacts | null> {
    return this.reader.facts(orderId);
  }
}

/**
 * What checkout asks of the payments context (issue 34), provided by it under `CHECKOUT_PAYMENTS` when the app
 * has one; ordering knows no gateway. Without it, bKash takes the specification's typed fields as before.
 */
export interface CheckoutPayments {
  /** Whether a gateway (bKash or the demo) takes bKash orders without typed fields. */
  readonly gatewayReady: boolean;
  /**
   * A typed transaction id, checked with bKash's `searchTransaction` when bKash is configured: a refusal (422 on
   * `transaction_id`) when bKash has no completed transaction by it; what bKash found, or null when not checked.
   */
  checkTypedTransaction(trxId: string): Promise<{ trxId: string; amountPaisa: number; payerMsisdn: string | null } | null>;
  /** After the order is placed: records the found transaction as the order's payment (unless another order has it). */
  recordTypedTransaction(orderId: string, found: { trxId: string; amountPaisa: number; payerMsisdn: string | null }, metadata: EventMetadata): Promise<void>;
  /** After a gateway order is placed: starts its payment (or answers the one started) and the page to send the shopper to. */
  start(orderId: string, metadata: EventMetadata): Promise<{ paymentUrl: string }>;
  /**
   * After a cash order that needs an advance is placed without a typed transfer (ADR 061): starts the advance's
   * payment and answers its page; null when the order owes no advance.
   */
  startAdvance(orderId: string, metadata: EventMetadata): Promise<{ paymentUrl: string } | null>;
}

export const CHECKOUT_PAYMENTS = Symbol('CHECKOUT_PAYMENTS');
