import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderChangeResponse } from '../../../../../contracts/orders';
import { apiPost } from '../../../lib/api-client';
import { careOrdersKeys } from './care-orders-keys';

export function addOrderNote({ orderId, note }: { orderId: string; note: string }): Promise<OrderChangeResponse> {
  return apiPost<OrderChangeResponse>(`/admin/orders/${encodeURIComponent(orderId)}/notes`, { note });
}

export function useAddOrderNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addOrderNote,
    onSuccess: (_answer, input) => queryClient.invalidateQueries({ queryKey: careOrdersKeys.detail(input.orderId) }),
  });
}
