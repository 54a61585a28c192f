import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';

export interface StockLevel {
  available: number;
  reserved: number;
  size: string;
}

export interface StockAnswer {
  success: boolean;
  message: string;
  data: StockLevel;
}

export type StockChange =
  | { kind: 'receive'; productId: number; size: string; quantity: number; note?: string }
  | { kind: 'adjust'; productId: number; size: string; delta: number; reason: string };

/** Receive (goods in) or adjust (count correction, with a reason): both admin only, both recorded as events. */
export function changeStock({ kind, ...body }: StockChange): Promise<StockAnswer> {
  return apiPost<StockAnswer>(`/admin/stock/${kind}`, body);
}

export function useChangeStock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeStock,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'stock'] }),
  });
}
