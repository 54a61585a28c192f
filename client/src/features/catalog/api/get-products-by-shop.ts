import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import type { ProductPage } from '../types';
import { catalogKeys } from './catalog-keys';
import { toProductPage, type ProductListParams } from './product-page';

/** `GET /api/public/getProductsByShop`: the whole shop, paged, with an optional search. */
export async function getProductsByShop(params: ProductListParams, { signal }: { signal?: AbortSignal } = {}): Promise<ProductPage> {
  const response = await apiGet<Partial<ProductPage>>('/public/getProductsByShop', {
    signal,
    params: { page: params.page, search: params.search || undefined },
  });
  return toProductPage(response, params.page);
}

export function getProductsByShopQueryOptions(params: ProductListParams) {
  return queryOptions({
    queryKey: catalogKeys.list('shop', params),
    queryFn: ({ signal }) => getProductsByShop(params, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useProductsByShop(params: ProductListParams, enabled = true) {
  return useQuery({ ...getProductsByShopQueryOptions(params), enabled });
}
