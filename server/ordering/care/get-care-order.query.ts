import { Query } from '@nestjs/cqrs';
import type { OrderHistoryLineResponse, OrderRowResponse, OrderTimelineEntryResponse } from '../api/dto/order.responses';

export interface CareOrderView {
  orderrow: OrderRowResponse;
  history: OrderHistoryLineResponse[];
  timeline: OrderTimelineEntryResponse[];
  /** When a pending online order expires on its own (issue 14); null for any other order. */
  expires_at: string | null;
}

/** Care's view of one order: the full row, its lines and every event with time, actor and note. */
export class GetCareOrderQuery extends Query<CareOrderView> {
  constructor(readonly orderId: unknown) {
    super();
  }
}
