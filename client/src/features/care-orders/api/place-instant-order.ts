import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InstantOrderResponse } from '../../../../../contracts/orders';
import { apiPost } from '../../../lib/api-client';
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

export function placeInstantOrder(input: InstantOrderInput): Promise<InstantOrderResponse> {
  return apiPost<InstantOrderResponse>('/admin/orders/instant', input);
}

export function usePlaceInstantOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeInstantOrder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: careOrdersKeys.lists() }),
  });
}
