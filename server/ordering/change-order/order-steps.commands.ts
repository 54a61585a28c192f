import { Command } from '@nestjs/cqrs';
import type { RequestMetadata } from '../../common/request/request-metadata';
import type { CallOutcome } from '../domain/order.events';
import type { OrderChangeResult } from './order-changes';

/** What every staff step carries: the order, who asks (request metadata) and an optional note for the timeline. */
export abstract class OrderStep extends Command<OrderChangeResult> {
  constructor(
    readonly orderId: string,
    readonly meta: RequestMetadata,
    readonly note: string | null = null,
  ) {
    super();
  }
}

/** A step whose note is required: the reason given (cancel, return) or the note itself. */
export abstract class NotedOrderStep extends OrderStep {
  declare readonly note: string;
  constructor(orderId: string, meta: RequestMetadata, note: string) {
    super(orderId, meta, note);
  }
}

/** pending → confirmed: care called the customer. */
export class ConfirmOrderCommand extends OrderStep {}

/** confirmed → processing: the warehouse picks and packs. */
export class StartProcessingCommand extends OrderStep {}

/** processing → shipped. */
export class ShipOrderCommand extends OrderStep {
  constructor(orderId: string, meta: RequestMetadata, note: string | null, readonly courier: string | null = null, readonly trackingCode: string | null = null) {
    super(orderId, meta, note);
  }
}

/** shipped → delivered. */
export class DeliverOrderCommand extends OrderStep {}

/** pending / confirmed / processing → cancelled; releases the stock and the coupon use. The reason (the step's note) is required. */
export class CancelOrderCommand extends NotedOrderStep {}

/** delivered → returned; restocks the units. The reason (the step's note) is required. */
export class ReturnOrderCommand extends NotedOrderStep {}

/**
 * Care checked the bKash transfer. For a cash order's advance (ADR 059) care may give the transaction id the
 * customer sent after checkout.
 */
export class MarkBkashPaymentVerifiedCommand extends OrderStep {
  constructor(orderId: string, meta: RequestMetadata, note: string | null, readonly transactionId: string | null = null) {
    super(orderId, meta, note);
  }
}

/** A note on the order's timeline; the note is required. */
export class AddOrderNoteCommand extends NotedOrderStep {}

/** How care's confirmation call went (reached / not reached / confirmed / refused), on the timeline. */
export class RecordCallOutcomeCommand extends OrderStep {
  constructor(orderId: string, meta: RequestMetadata, note: string | null, readonly outcome: CallOutcome) {
    super(orderId, meta, note);
  }
}
