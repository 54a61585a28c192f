import type { StockChangeResponse } from '../../../../../contracts/stock';
import { useConsoleMutation } from '../../console-kit/console-query';
import { stockKeys } from './stock-keys';

export type StockChange =
  | { kind: 'receive'; productId: number; size: string; quantity: number; note?: string }
  | { kind: 'adjust'; productId: number; size: string; delta: number; reason: string };

/** Receive (goods in) or adjust (count correction, with a reason): both admin only, both recorded as events. */
export function useChangeStock() {
  return useConsoleMutation<StockChange, StockChangeResponse>(
    ({ kind }) => `/admin/stock/${kind}`,
    ({ kind: _kind, ...body }) => body,
    () => [stockKeys.all],
  );
}
