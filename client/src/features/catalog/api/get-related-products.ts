import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import type { ProductCard } from '../types';
import { catalogKeys } from './catalog-keys';

/** `GET /public/relatedProducts?slug`: "You may also like". */
export async function getRelatedProducts(slug: string, { signal }: { signal?: AbortSignal } = {}): Promise<ProductCard[]> {
  const response = await apiGet<{ data: ProductCard[] }>('/public/relatedProducts', { signal, params: { slug } });
  return Array.isArray(response?.data) ? response.data : [];
}

export function relatedProductsQueryOptions(slug: string) {
  return queryOptions({ queryKey: catalogKeys.related(slug), queryFn: ({ signal }) => getRelatedProducts(slug, { signal }) });
}

export function useRelatedProducts(slug: string | undefined) {
  return useQuery({ ...relatedProductsQueryOptions(slug ?? ''), enabled: Boolean(slug) });
}
