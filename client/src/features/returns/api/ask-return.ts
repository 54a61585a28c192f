import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReturnKind, ReturnReason, ReturnRequestedResponse } from '../../../../../contracts/returns';
import { apiPost } from '../../../lib/api-client';
import { returnsKeys } from './returns-keys';

export interface AskReturnInput {
  orderId: string;
  phone?: string;
  product_id: number;
  size: string;
  unit: number;
  kind: ReturnKind;
  reason: ReturnReason;
  new_size?: string;
}

/** `POST /public/orders/{orderId}/returns`: asks for an exchange (the size is held at once) or a return of one unit. */
export function askReturn({ orderId, ...body }: AskReturnInput): Promise<ReturnRequestedResponse> {
  return apiPost<ReturnRequestedResponse>(`/public/orders/${encodeURIComponent(orderId)}/returns`, body);
}

export function useAskReturn() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: askReturn, onSettled: () => queryClient.invalidateQueries({ queryKey: returnsKeys.all }) });
}
