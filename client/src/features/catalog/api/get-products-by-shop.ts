import { useQuery } from '@tanstack/react-query';
import { productPageQueryOptions, type ProductListParams } from './product-page';

/** `GET /api/public/getProductsByShop`: the whole shop, paged, with an optional search. */
export function getProductsByShopQueryOptions(params: ProductListParams) {
  return productPageQueryOptions('shop', '/public/getProductsByShop', params);
}

export function useProductsByShop(params: ProductListParams, enabled = true) {
  return useQuery({ ...getProductsByShopQueryOptions(params), enabled });
}
