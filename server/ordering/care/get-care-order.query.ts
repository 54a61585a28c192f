import { Query } from '@nestjs/cqrs';
import type { CareOrderResponse as CareOrderView } from '../../../contracts/orders';

export type { CareOrderView };

/** Care's view of one order: the full row, its lines and every event with time, actor and note. */
export class GetCareOrderQuery extends Query<CareOrderView> {
  constructor(readonly orderId: unknown) {
    super();
  }
}
