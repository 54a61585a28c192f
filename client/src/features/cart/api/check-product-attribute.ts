import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

export interface StockCheck {
  success: boolean;
  message?: string;
  available?: number;
}

export interface StockCheckParams {
  product_id: number;
  slug: string;
  size: string;
  qty: number;
}

/** `GET /public/checkProductAttribue`: 200 when the size is in stock for qty, 404 with a message when not. */
export function checkProductAttribute(params: StockCheckParams, { signal }: { signal?: AbortSignal } = {}): Promise<StockCheck> {
  return apiGet<StockCheck>('/public/checkProductAttribue', { signal, params: { ...params } });
}

/** Never cached: stock changes with every order, and the answer decides whether a line is added. */
export function checkProductAttributeQueryOptions(params: StockCheckParams) {
  return queryOptions({
    queryKey: ['cart', 'stock-check', params] as const,
    queryFn: ({ signal }) => checkProductAttribute(params, { signal }),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}
