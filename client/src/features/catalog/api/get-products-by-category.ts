import { useQuery } from '@tanstack/react-query';
import { productPageQueryOptions, type ProductListParams } from './product-page';

/** `GET /api/public/getProductsByShopBycategory`: a child category (`/category/{slug}`), paged. */
export function getProductsByCategoryQueryOptions(params: ProductListParams) {
  return productPageQueryOptions('category', '/public/getProductsByShopBycategory', params, { categlorySlug: params.slug });
}

export function useProductsByCategory(params: ProductListParams, enabled = true) {
  return useQuery({ ...getProductsByCategoryQueryOptions(params), enabled });
}
