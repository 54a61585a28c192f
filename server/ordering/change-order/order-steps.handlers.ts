import { Inject, Injectable, type Type } from '@nestjs/common';
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

/** The handler of the step `command`: `toDomain` names the domain command it stands for. */
function stepHandler<C extends OrderStep>(command: Type<C>, toDomain: (command: C, now: Date) => OrderCommand): Type<OrderStepHandler<C>> {
  @CommandHandler(command)
  class StepHandler extends OrderStepHandler<C> {
    protected toDomain(step: C, now: Date): OrderCommand {
      return toDomain(step, now);
    }
  }
  Object.defineProperty(StepHandler, 'name', { value: command.name.replace(/Command$/, 'Handler') });
  return StepHandler;
}

export const ORDER_STEP_HANDLERS = [
  stepHandler(RecordCallOutcomeCommand, ({ orderId, outcome }, now) => ({ type: 'RecordCallOutcome', data: { orderId, now, outcome } })),
  stepHandler(ConfirmOrderCommand, ({ orderId }, now) => ({ type: 'ConfirmOrder', data: { orderId, now } })),
  stepHandler(StartProcessingCommand, ({ orderId }, now) => ({ type: 'StartProcessing', data: { orderId, now } })),
  stepHandler(ShipOrderCommand, ({ orderId, courier, trackingCode }, now) => ({ type: 'ShipOrder', data: { orderId, now, courier, trackingCode } })),
  stepHandler(DeliverOrderCommand, ({ orderId }, now) => ({ type: 'DeliverOrder', data: { orderId, now } })),
  stepHandler(CancelOrderCommand, ({ orderId, note }, now) => ({ type: 'CancelOrder', data: { orderId, now, reason: note } })),
  stepHandler(ReturnOrderCommand, ({ orderId, note }, now) => ({ type: 'ReturnOrder', data: { orderId, now, reason: note } })),
  stepHandler(MarkBkashPaymentVerifiedCommand, ({ orderId, transactionId }, now) => ({ type: 'MarkBkashPaymentVerified', data: { orderId, now, transactionId } })),
  stepHandler(AddOrderNoteCommand, ({ orderId, note }, now) => ({ type: 'AddOrderNote', data: { orderId, now, note } })),
];
