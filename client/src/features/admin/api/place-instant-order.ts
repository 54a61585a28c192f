import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';

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

export interface InstantOrderAnswer {
  success: boolean;
  order_id: string;
  message: string;
}

export function placeInstantOrder(input: InstantOrderInput): Promise<InstantOrderAnswer> {
  return apiPost<InstantOrderAnswer>('/admin/orders/instant', input);
}

export function usePlaceInstantOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeInstantOrder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'orders', 'list'] }),
  });
}
