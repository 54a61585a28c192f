import type { InstantOrderResponse } from '../../../../../contracts/orders';
import { useConsoleMutation } from '../../console-kit/console-query';
import { careOrdersKeys } from './care-orders-keys';

export interface InstantOrderInput {
  name: string;
  phone: string;
  address?: string;
  email?: string;
  payment_type: string;
  amount: string;
  discount: string;
  advance: string;
  lines?: Array<{ id: number; size: string; qty: number }>;
}

/** `POST /admin/orders/instant`: a phone order (order type 2). */
export function usePlaceInstantOrder() {
  return useConsoleMutation<InstantOrderInput, InstantOrderResponse>(() => '/admin/orders/instant', (input) => input, () => [careOrdersKeys.lists()]);
}
