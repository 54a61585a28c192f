import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiGet, type QueryParams } from '../../../lib/api-client';
import type { ProductPage } from '../types';
import { catalogKeys } from './catalog-keys';

export interface ProductListParams {
  page: number;
  slug?: string;
  search?: string;
}

/** A paged answer with every field present, whatever the server left out. */
export function toProductPage(response: Partial<ProductPage> | undefined, page: number): ProductPage {
  const data = Array.isArray(response?.data) ? response.data : [];
  return {
    data,
    current_page: Number(response?.current_page ?? page) || page,
    last_page: Math.max(1, Number(response?.last_page ?? 1) || 1),
    total: Number(response?.total ?? data.length) || 0,
    per_page: Number(response?.per_page ?? data.length) || 20,
  };
}

/** "Showing {first}-{last} of {total} results": positions of this page's first and last product. */
export function showingRange(page: ProductPage): { first: number; last: number; total: number } {
  if (page.total === 0 || page.data.length === 0) return { first: 0, last: 0, total: page.total };
  const first = (page.current_page - 1) * page.per_page + 1;
  return { first, last: first + page.data.length - 1, total: page.total };
}

/** A paged product list of the public API: `filter` names the category, if any; the previous page shows while the next loads. */
export function productPageQueryOptions(kind: 'shop' | 'category' | 'main-category', path: string, params: ProductListParams, filter: QueryParams = {}) {
  return queryOptions({
    queryKey: catalogKeys.list(kind, params),
    queryFn: async ({ signal }) => {
      const response = await apiGet<Partial<ProductPage>>(path, { signal, params: { page: params.page, ...filter, search: params.search || undefined } });
      return toProductPage(response, params.page);
    },
    placeholderData: keepPreviousData,
  });
}
