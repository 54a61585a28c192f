import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StockChangeResponse } from '../../../../../contracts/stock';
import { apiPost } from '../../../lib/api-client';
import { stockKeys } from './stock-keys';

export type StockChange =
  | { kind: 'receive'; productId: number; size: string; quantity: number; note?: string }
  | { kind: 'adjust'; productId: number; size: string; delta: number; reason: string };

/** Receive (goods in) or adjust (count correction, with a reason): both admin only, both recorded as events. */
export function changeStock({ kind, ...body }: StockChange): Promise<StockChangeResponse> {
  return apiPost<StockChangeResponse>(`/admin/stock/${kind}`, body);
}

export function useChangeStock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeStock,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: stockKeys.all }),
  });
}
