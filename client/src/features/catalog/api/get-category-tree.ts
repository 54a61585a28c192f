import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { CATALOG_STALE_TIME } from '../../../lib/query-client';
import type { Category } from '../types';
import { catalogKeys } from './catalog-keys';

/** `GET /public/parentChildCategory`: parents with their children (mega menu, shop sidebar). */
export async function getCategoryTree({ signal }: { signal?: AbortSignal } = {}): Promise<Category[]> {
  const response = await apiGet<{ data: Category[] }>('/public/parentChildCategory', { signal });
  return Array.isArray(response?.data) ? response.data : [];
}

export function categoryTreeQueryOptions() {
  return queryOptions({ queryKey: catalogKeys.categoryTree(), queryFn: ({ signal }) => getCategoryTree({ signal }), staleTime: CATALOG_STALE_TIME });
}

export function useCategoryTree(enabled = true) {
  return useQuery({ ...categoryTreeQueryOptions(), enabled });
}
