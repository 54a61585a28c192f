import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import type { ProductPage } from '../types';
import { catalogKeys } from './catalog-keys';
import { toProductPage, type ProductListParams } from './product-page';

/** `GET /api/public/shopByMainCategory`: a parent category (`/product-category/{slug}`), paged. */
export async function getProductsByMainCategory(params: ProductListParams, { signal }: { signal?: AbortSignal } = {}): Promise<ProductPage> {
  const response = await apiGet<Partial<ProductPage>>('/public/shopByMainCategory', {
    signal,
    params: { page: params.page, categlorySlug: params.slug, search: params.search || undefined },
  });
  return toProductPage(response, params.page);
}

export function getProductsByMainCategoryQueryOptions(params: ProductListParams) {
  return queryOptions({
    queryKey: catalogKeys.list('main-category', params),
    queryFn: ({ signal }) => getProductsByMainCategory(params, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useProductsByMainCategory(params: ProductListParams, enabled = true) {
  return useQuery({ ...getProductsByMainCategoryQueryOptions(params), enabled });
}
