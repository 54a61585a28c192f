import { Command } from '@nestjs/cqrs';
import type { RequestMetadata } from '../../common/request/request-metadata';
import type { PlaceInstantOrder } from '../domain/instant-order';

export type InstantOrderInput = Omit<PlaceInstantOrder['data'], 'orderId' | 'now'>;

/** Staff record a phone order (order type 2) with the money they agreed with the customer. */
export class PlaceInstantOrderCommand extends Command<{ orderId: string }> {
  constructor(
    readonly order: InstantOrderInput,
    readonly meta: RequestMetadata,
  ) {
    super();
  }
}
