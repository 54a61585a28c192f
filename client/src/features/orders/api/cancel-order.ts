import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { ordersKeys } from './orders-keys';

export interface CancelOrderAnswer {
  success: boolean;
  orderId: string;
  order_status_name: string;
  message: string;
}

/** `POST /public/cancel-order`: the shopper cancels their own pending order (order id and phone, or the owner's token). */
export function cancelOrder(orderId: string, phone?: string): Promise<CancelOrderAnswer> {
  return apiPost<CancelOrderAnswer>('/public/cancel-order', { orderId, ...(phone ? { phone } : {}) });
}

export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, phone }: { orderId: string; phone?: string }) => cancelOrder(orderId, phone),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ordersKeys.all }),
  });
}
