import { useConsoleMutation } from '../../console-kit/console-query';
import { careOrdersKeys } from './care-orders-keys';

export interface AmendAnswer {
  success: boolean;
  orderId: string;
  grand_total: number | null;
  message: string;
}

/** `POST /admin/orders/{id}/lines/{productId}/{size}`: a line's new size or quantity, with the customer's reason. */
export function useChangeOrderLine() {
  return useConsoleMutation<{ orderId: string; productId: number; size: string; newSize?: string; qty?: number; reason: string }, AmendAnswer>(
    ({ orderId, productId, size }) => `/admin/orders/${encodeURIComponent(orderId)}/lines/${productId}/${encodeURIComponent(size)}`,
    ({ newSize, qty, reason }) => ({ ...(newSize ? { size: newSize } : {}), ...(qty ? { qty } : {}), reason }),
    (input) => [careOrdersKeys.detail(input.orderId)],
  );
}
