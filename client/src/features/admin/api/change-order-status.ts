import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import type { OrderStep } from '../lib/order-steps';
import { adminKeys } from './admin-keys';

/** The status steps and the bKash check share one shape: POST /admin/orders/{id}/{step}. */
export type StatusAction = OrderStep | 'verify-bkash';

export interface StatusActionInput {
  orderId: string;
  action: StatusAction;
  note?: string;
  reason?: string;
  courier?: string;
  tracking_code?: string;
}

export interface OrderChangeAnswer {
  success: boolean;
  orderId: string;
  status: string;
  order_status_name: string;
  message: string;
}

export function changeOrderStatus({ orderId, action, ...body }: StatusActionInput): Promise<OrderChangeAnswer> {
  const clean = Object.fromEntries(Object.entries(body).filter(([, value]) => typeof value === 'string' && value.trim() !== ''));
  return apiPost<OrderChangeAnswer>(`/admin/orders/${encodeURIComponent(orderId)}/${action}`, clean);
}

export function useChangeOrderStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeOrderStatus,
    onSettled: (_answer, _error, input) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.order(input.orderId) }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'orders', 'list'] }),
        queryClient.invalidateQueries({ queryKey: adminKeys.dashboard() }),
      ]),
  });
}
