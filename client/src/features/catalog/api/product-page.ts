import type { ProductPage } from '../types';

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
