import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { ordersKeys } from './orders-keys';

export interface RetryPaymentAnswer {
  success: true;
  order_id: string;
  /** The new payment's page (bKash's, or the demo gateway's). */
  payment_url: string;
}

/** `POST /api/payments/orders/{orderId}/retry` with the order's phone: a new bKash payment after a failed or cancelled one (issue 34). */
export function retryPayment(orderId: string, phone: string): Promise<RetryPaymentAnswer> {
  return apiPost<RetryPaymentAnswer>(`/payments/orders/${encodeURIComponent(orderId)}/retry`, { phone });
}

export function useRetryPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, phone }: { orderId: string; phone: string }) => retryPayment(orderId, phone),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ordersKeys.all }),
  });
}
