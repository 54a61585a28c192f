import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';
import type { OrderChangeAnswer } from './change-order-status';

export function addOrderNote({ orderId, note }: { orderId: string; note: string }): Promise<OrderChangeAnswer> {
  return apiPost<OrderChangeAnswer>(`/admin/orders/${encodeURIComponent(orderId)}/notes`, { note });
}

export function useAddOrderNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addOrderNote,
    onSuccess: (_answer, input) => queryClient.invalidateQueries({ queryKey: adminKeys.order(input.orderId) }),
  });
}
