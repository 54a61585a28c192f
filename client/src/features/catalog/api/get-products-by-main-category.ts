import { useQuery } from '@tanstack/react-query';
import { productPageQueryOptions, type ProductListParams } from './product-page';

/** `GET /api/public/shopByMainCategory`: a parent category (`/product-category/{slug}`), paged. */
export function getProductsByMainCategoryQueryOptions(params: ProductListParams) {
  return productPageQueryOptions('main-category', '/public/shopByMainCategory', params, { categlorySlug: params.slug });
}

export function useProductsByMainCategory(params: ProductListParams, enabled = true) {
  return useQuery({ ...getProductsByMainCategoryQueryOptions(params), enabled });
}
