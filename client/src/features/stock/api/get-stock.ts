import type { Paginated } from '../../../../../contracts/paginated';
import type { StockRow } from '../../../../../contracts/stock';
import { useConsoleQuery } from '../../console-kit/console-query';
import { stockKeys } from './stock-keys';

export interface StockFilters {
  page?: number;
  search?: string;
  low?: boolean;
}

/** `GET /admin/stock`: every SKU with its projected stock, 50 a page; `low` keeps those running out. */
export function useStock(filters: StockFilters) {
  const { page, search, low } = filters;
  return useConsoleQuery<Paginated<StockRow>>(stockKeys.list(filters), '/admin/stock', {
    params: { page, search: search || undefined, low: low ? 'true' : undefined },
    staleTime: 10_000,
    list: true,
  });
}
