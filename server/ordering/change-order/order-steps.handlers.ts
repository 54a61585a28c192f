import { Inject, Injectable } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { eventMetadata } from '../../common/request/request-metadata';
import { CLOCK, type Clock } from '../../common/clock';
import type { OrderCommand } from '../domain/order';
import { OrderChanges, type OrderChangeResult } from './order-changes';
import {
  AddOrderNoteCommand,
  CancelOrderCommand,
  ConfirmOrderCommand,
  DeliverOrderCommand,
  MarkBkashPaymentVerifiedCommand,
  OrderStep,
  RecordCallOutcomeCommand,
  ReturnOrderCommand,
  ShipOrderCommand,
  StartProcessingCommand,
} from './order-steps.commands';

/** One handler per staff step; each only says which domain command it is. The rules are in `orderDecider`. */
@Injectable()
abstract class OrderStepHandler<C extends OrderStep> implements ICommandHandler<OrderStep, OrderChangeResult> {
  constructor(
    private readonly changes: OrderChanges,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  protected abstract toDomain(command: C, now: Date): OrderCommand;

  execute(command: C): Promise<OrderChangeResult> {
    return this.changes.apply(this.toDomain(command, this.clock.now()), eventMetadata(command.meta, { note: command.note }));
  }
}

@CommandHandler(ConfirmOrderCommand)
export class ConfirmOrderHandler extends OrderStepHandler<ConfirmOrderCommand> {
  protected toDomain({ orderId }: ConfirmOrderCommand, now: Date): OrderCommand {
    return { type: 'ConfirmOrder', data: { orderId, now } };
  }
}

@CommandHandler(StartProcessingCommand)
export class StartProcessingHandler extends OrderStepHandler<StartProcessingCommand> {
  protected toDomain({ orderId }: StartProcessingCommand, now: Date): OrderCommand {
    return { type: 'StartProcessing', data: { orderId, now } };
  }
}

@CommandHandler(ShipOrderCommand)
export class ShipOrderHandler extends OrderStepHandler<ShipOrderCommand> {
  protected toDomain({ orderId, courier, trackingCode }: ShipOrderCommand, now: Date): OrderCommand {
    return { type: 'ShipOrder', data: { orderId, now, courier, trackingCode } };
  }
}

@CommandHandler(DeliverOrderCommand)
export class DeliverOrderHandler extends OrderStepHandler<DeliverOrderCommand> {
  protected toDomain({ orderId }: DeliverOrderCommand, now: Date): OrderCommand {
    return { type: 'DeliverOrder', data: { orderId, now } };
  }
}

@CommandHandler(CancelOrderCommand)
export class CancelOrderHandler extends OrderStepHandler<CancelOrderCommand> {
  protected toDomain({ orderId, reason }: CancelOrderCommand, now: Date): OrderCommand {
    return { type: 'CancelOrder', data: { orderId, now, reason } };
  }
}

@CommandHandler(ReturnOrderCommand)
export class ReturnOrderHandler extends OrderStepHandler<ReturnOrderCommand> {
  protected toDomain({ orderId, reason }: ReturnOrderCommand, now: Date): OrderCommand {
    return { type: 'ReturnOrder', data: { orderId, now, reason } };
  }
}

@CommandHandler(MarkBkashPaymentVerifiedCommand)
export class MarkBkashPaymentVerifiedHandler extends OrderStepHandler<MarkBkashPaymentVerifiedCommand> {
  protected toDomain({ orderId }: MarkBkashPaymentVerifiedCommand, now: Date): OrderCommand {
    return { type: 'MarkBkashPaymentVerified', data: { orderId, now } };
  }
}

@CommandHandler(AddOrderNoteCommand)
export class AddOrderNoteHandler extends OrderStepHandler<AddOrderNoteCommand> {
  protected toDomain({ orderId, text }: AddOrderNoteCommand, now: Date): OrderCommand {
    return { type: 'AddOrderNote', data: { orderId, now, note: text } };
  }
}

@CommandHandler(RecordCallOutcomeCommand)
export class RecordCallOutcomeHandler extends OrderStepHandler<RecordCallOutcomeCommand> {
  protected toDomain({ orderId, outcome }: RecordCallOutcomeCommand, now: Date): OrderCommand {
    return { type: 'RecordCallOutcome', data: { orderId, now, outcome } };
  }
}

export const ORDER_STEP_HANDLERS = [
  RecordCallOutcomeHandler,
  ConfirmOrderHandler,
  StartProcessingHandler,
  ShipOrderHandler,
  DeliverOrderHandler,
  CancelOrderHandler,
  ReturnOrderHandler,
  MarkBkashPaymentVerifiedHandler,
  AddOrderNoteHandler,
];
