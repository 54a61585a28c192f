import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import type { ProductDetails } from '../types';
import { catalogKeys } from './catalog-keys';

/** `GET /public/productRow?slug`: one product with sizes, images and description. */
export async function getProductRow(slug: string, { signal }: { signal?: AbortSignal } = {}): Promise<ProductDetails> {
  const response = await apiGet<{ data: ProductDetails }>('/public/productRow', { signal, params: { slug } });
  const data = response?.data;
  if (!data || typeof data !== 'object') throw new Error('The product answer has no data.');
  return {
    ...data,
    productAttr: Array.isArray(data.productAttr) ? data.productAttr : [],
    previewImages: Array.isArray(data.previewImages) ? data.previewImages : [],
    thumbImages: Array.isArray(data.thumbImages) ? data.thumbImages : [],
    description: data.description ?? '',
  };
}

export function productRowQueryOptions(slug: string) {
  // Sizes sell out: a product page is fresher than the rest of the catalog.
  return queryOptions({ queryKey: catalogKeys.product(slug), queryFn: ({ signal }) => getProductRow(slug, { signal }), staleTime: 30_000 });
}

export function useProductRow(slug: string | undefined) {
  return useQuery({ ...productRowQueryOptions(slug ?? ''), enabled: Boolean(slug) });
}
