import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import type { ProductCard } from '../types';
import { catalogKeys } from './catalog-keys';

/** `GET /public/getProducts`: the home page's Trending Products. */
export async function getTrendingProducts({ signal }: { signal?: AbortSignal } = {}): Promise<ProductCard[]> {
  const response = await apiGet<{ data: ProductCard[] }>('/public/getProducts', { signal });
  return Array.isArray(response?.data) ? response.data : [];
}

export function trendingProductsQueryOptions() {
  return queryOptions({ queryKey: catalogKeys.trending(), queryFn: ({ signal }) => getTrendingProducts({ signal }) });
}

export function useTrendingProducts() {
  return useQuery(trendingProductsQueryOptions());
}
