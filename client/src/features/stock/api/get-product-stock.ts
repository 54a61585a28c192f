import { useQueries } from '@tanstack/react-query';
import type { EventRow } from '../../../../../contracts/events';
import { skuStreamQuery } from './get-sku-stream';

export interface SizeStock {
  size: string;
  available: number;
  reserved: number;
}

/** A size's stock from its movements (received, adjusted, set aside for orders, given back). */
export function stockOf(size: string, events: readonly EventRow[]): SizeStock {
  let available = 0;
  let reserved = 0;
  for (const event of events) {
    const data = (event.data ?? {}) as { quantity?: number; delta?: number };
    if (event.type === 'StockReceived') available += data.quantity ?? 0;
    else if (event.type === 'StockAdjusted') available += data.delta ?? 0;
    else if (event.type === 'StockReserved') {
      available -= data.quantity ?? 0;
      reserved += data.quantity ?? 0;
    } else if (event.type === 'StockReleased') {
      available += data.quantity ?? 0;
      reserved -= data.quantity ?? 0;
    }
  }
  return { size, available, reserved };
}

/**
 * The stock of each of a product's sizes, drafts included (the stock list shows only products in the shop):
 * read from each size's history, the same answer the history shows, so both refresh together after a change.
 * A size never stocked has no history yet (404) and counts as 0.
 */
export function useProductStock(productId: number, sizes: readonly string[]) {
  const results = useQueries({ queries: sizes.map((size) => skuStreamQuery(productId, size)) });
  const pending = results.some((result) => result.isPending);
  const error = results.find((result) => result.isError)?.error ?? null;
  const stock = sizes.map((size, index) => stockOf(size, results[index]?.data?.data ?? []));
  return { pending, error, stock, total: stock.reduce((sum, row) => sum + Math.max(0, row.available), 0) };
}
