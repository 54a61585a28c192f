import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { adminKeys, type Paginated } from './admin-keys';

export interface StockFilters {
  page?: number;
  search?: string;
  low?: boolean;
}

export interface StockRow {
  productId: number;
  name: string;
  slug: string;
  sku: string;
  size: string;
  available: number;
  reserved: number;
}

export function getStock({ page, search, low }: StockFilters, { signal }: { signal?: AbortSignal } = {}) {
  return apiGet<Paginated<StockRow>>('/admin/stock', { signal, params: { page, search: search || undefined, low: low ? 'true' : undefined } });
}

export function stockQueryOptions(filters: StockFilters) {
  return queryOptions({
    queryKey: adminKeys.stock(filters),
    queryFn: ({ signal }) => getStock(filters, { signal }),
    staleTime: 10_000,
    placeholderData: keepPreviousData,
  });
}

export function useStock(filters: StockFilters) {
  return useQuery(stockQueryOptions(filters));
}
