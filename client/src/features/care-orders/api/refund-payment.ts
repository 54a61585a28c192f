import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderPaymentView } from '../../../../../contracts/orders';
import { apiPost } from '../../../lib/api-client';
import { careOrdersKeys } from './care-orders-keys';

export interface RefundAnswer {
  success: true;
  order_id: string;
  refund_id: string;
  payment: OrderPaymentView | null;
  message: string;
}

export interface RefundInput {
  orderId: string;
  /** Taka, as typed ("150" or "150.50"). */
  amount: string;
  reason: string;
  /** One key per refund the staff member asks for: a retry of the same refund sends the same key, so bKash is asked once. */
  idempotencyKey: string;
}

/** `POST /admin/orders/{orderId}/refunds` with an Idempotency-Key: part or all of the order's bKash payment back (issue 34). */
export function refundPayment({ orderId, amount, reason, idempotencyKey }: RefundInput): Promise<RefundAnswer> {
  return apiPost<RefundAnswer>(`/admin/orders/${encodeURIComponent(orderId)}/refunds`, { amount, reason }, { headers: { 'Idempotency-Key': idempotencyKey } });
}

export function useRefundPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refundPayment,
    // Refetched after a refusal too: a refund the gateway refused is on the timeline as well.
    onSettled: (_answer, _error, input) => queryClient.invalidateQueries({ queryKey: careOrdersKeys.detail(input.orderId) }),
  });
}
