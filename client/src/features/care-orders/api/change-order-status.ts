import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderChangeResponse } from '../../../../../contracts/orders';
import { apiPost } from '../../../lib/api-client';
import type { OrderStep } from '../order-steps';
import { careOrdersKeys } from './care-orders-keys';

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

export function changeOrderStatus({ orderId, action, ...body }: StatusActionInput): Promise<OrderChangeResponse> {
  const clean = Object.fromEntries(Object.entries(body).filter(([, value]) => typeof value === 'string' && value.trim() !== ''));
  return apiPost<OrderChangeResponse>(`/admin/orders/${encodeURIComponent(orderId)}/${action}`, clean);
}

export function useChangeOrderStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeOrderStatus,
    onSettled: (_answer, _error, input) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: careOrdersKeys.detail(input.orderId) }),
        queryClient.invalidateQueries({ queryKey: careOrdersKeys.lists() }),
      ]),
  });
}
