import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import type { SearchSuggestion } from '../types';
import { catalogKeys } from './catalog-keys';

/** Search starts at 2 characters (spec §5, §9). */
export const SEARCH_MIN_LENGTH = 2;

/** `GET /public/search-products?q&category_id`: autocomplete suggestions. */
export async function searchProducts(q: string, categoryId: string, { signal }: { signal?: AbortSignal } = {}): Promise<SearchSuggestion[]> {
  const response = await apiGet<{ data: SearchSuggestion[] }>('/public/search-products', { signal, params: { q, category_id: categoryId } });
  return Array.isArray(response?.data) ? response.data : [];
}

export function searchProductsQueryOptions(q: string, categoryId: string) {
  return queryOptions({
    queryKey: catalogKeys.search(q, categoryId),
    queryFn: ({ signal }) => searchProducts(q, categoryId, { signal }),
    staleTime: 60_000,
  });
}

export function useSearchProducts(q: string, categoryId: string) {
  const query = q.trim();
  return useQuery({ ...searchProductsQueryOptions(query, categoryId), enabled: query.length >= SEARCH_MIN_LENGTH });
}
