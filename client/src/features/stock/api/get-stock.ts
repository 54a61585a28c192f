import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Paginated } from '../../../../../contracts/paginated';
import type { StockRow } from '../../../../../contracts/stock';
import { apiGet } from '../../../lib/api-client';
import { stockKeys } from './stock-keys';

export interface StockFilters {
  page?: number;
  search?: string;
  low?: boolean;
}

export function getStock({ page, search, low }: StockFilters, { signal }: { signal?: AbortSignal } = {}) {
  return apiGet<Paginated<StockRow>>('/admin/stock', { signal, params: { page, search: search || undefined, low: low ? 'true' : undefined } });
}

export function stockQueryOptions(filters: StockFilters) {
  return queryOptions({
    queryKey: stockKeys.list(filters),
    queryFn: ({ signal }) => getStock(filters, { signal }),
    staleTime: 10_000,
    placeholderData: keepPreviousData,
  });
}

export function useStock(filters: StockFilters) {
  return useQuery(stockQueryOptions(filters));
}
