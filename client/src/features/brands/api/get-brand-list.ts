import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { brandsKeys, type Brand } from './brands-keys';

/** `GET /brands/allbrandlist`. */
export async function getBrandList({ signal }: { signal?: AbortSignal } = {}): Promise<Brand[]> {
  const response = await apiGet<{ data?: Brand[] }>('/brands/allbrandlist', { signal });
  return Array.isArray(response?.data) ? response.data : [];
}

export function brandListQueryOptions() {
  return queryOptions({ queryKey: brandsKeys.list(), queryFn: ({ signal }) => getBrandList({ signal }), staleTime: 0 });
}

export function useBrandList() {
  return useQuery(brandListQueryOptions());
}
