import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CLOCK, type Clock } from '../../common/clock';
import { ConflictError } from '../../common/errors/domain-error';
import type { AuthenticatedUser } from '../../common/request/authenticated-user';
import { eventMetadata, type RequestMetadata } from '../../common/request/request-metadata';
import { OrderChanges, type OrderChangeResult } from '../change-order/order-changes';
import { OrderNotFound, TransitionNotAllowed } from '../domain/order.errors';
import { normalizeOrderId } from '../domain/order-id';
import { STATUS_NAMES } from '../domain/order-status';
import { OrderReadModel } from '../read-model/order-read-model';
import { samePhone } from '../track-order/get-order-information.handler';

/** A shopper cancels their own order while it is pending: as its signed-in owner, or with its id and phone (issue 14). */
export class CancelOwnOrderCommand extends Command<OrderChangeResult> {
  constructor(
    readonly orderId: unknown,
    readonly phone: unknown,
    readonly user: AuthenticatedUser | undefined,
    readonly meta: RequestMetadata,
  ) {
    super();
  }
}

/**
 * Who may cancel is read like tracking (a wrong id and a wrong phone answer the same "not found"); whether
 * the order may still be cancelled is the decider's rule (`WithdrawOrder`: pending only), which releases its
 * stock and coupon use in the same append as a staff cancellation does.
 */
@CommandHandler(CancelOwnOrderCommand)
export class CancelOwnOrderHandler implements ICommandHandler<CancelOwnOrderCommand, OrderChangeResult> {
  constructor(
    private readonly orders: OrderReadModel,
    private readonly changes: OrderChanges,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ orderId: rawId, phone, user, meta }: CancelOwnOrderCommand): Promise<OrderChangeResult> {
    const orderId = normalizeOrderId(rawId);
    const order = orderId ? await this.orders.details(orderId) : null;
    const owner = order !== null && user?.role === 'customer' && order.user_id === user.id;
    if (!order || !(owner || samePhone(order.phone, phone))) throw new OrderNotFound();
    try {
      return await this.changes.apply({ type: 'WithdrawOrder', data: { orderId: order.order_id, now: this.clock.now() } }, eventMetadata(meta));
    } catch (error) {
      if (error instanceof TransitionNotAllowed) {
        throw new ConflictError('cancel-too-late', { status: STATUS_NAMES[error.from].toLowerCase() });
      }
      throw error;
    }
  }
}
