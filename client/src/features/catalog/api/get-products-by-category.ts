import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import type { ProductPage } from '../types';
import { catalogKeys } from './catalog-keys';
import { toProductPage, type ProductListParams } from './product-page';

/** `GET /api/public/getProductsByShopBycategory`: a child category (`/category/{slug}`), paged. */
export async function getProductsByCategory(params: ProductListParams, { signal }: { signal?: AbortSignal } = {}): Promise<ProductPage> {
  const response = await apiGet<Partial<ProductPage>>('/public/getProductsByShopBycategory', {
    signal,
    params: { page: params.page, categlorySlug: params.slug, search: params.search || undefined },
  });
  return toProductPage(response, params.page);
}

export function getProductsByCategoryQueryOptions(params: ProductListParams) {
  return queryOptions({
    queryKey: catalogKeys.list('category', params),
    queryFn: ({ signal }) => getProductsByCategory(params, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useProductsByCategory(params: ProductListParams, enabled = true) {
  return useQuery({ ...getProductsByCategoryQueryOptions(params), enabled });
}
