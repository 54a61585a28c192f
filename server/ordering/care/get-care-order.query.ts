import { Query } from '@nestjs/cqrs';
import type { CareOrderResponse } from '../../../contracts/orders';

export type CareOrderView = CareOrderResponse;

/** Care's view of one order: the full row, its lines and every event with time, actor and note. */
export class GetCareOrderQuery extends Query<CareOrderView> {
  constructor(readonly orderId: unknown) {
    super();
  }
}
