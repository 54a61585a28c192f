import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { ordersKeys } from './orders-keys';

export interface PayCashAnswer {
  success: true;
  order_id: string;
  message: string;
}

/** `POST /api/payments/orders/{orderId}/cash` with the order's phone: the order is paid cash on delivery instead of bKash (issue 34). */
export function payCashInstead(orderId: string, phone: string): Promise<PayCashAnswer> {
  return apiPost<PayCashAnswer>(`/payments/orders/${encodeURIComponent(orderId)}/cash`, { phone });
}

export function usePayCashInstead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, phone }: { orderId: string; phone: string }) => payCashInstead(orderId, phone),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ordersKeys.all }),
  });
}
