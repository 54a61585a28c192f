import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { brandsKeys, type Brand } from './brands-keys';

/** `GET /brands/brandrow/{id}`. */
export async function getBrandRow(id: string, { signal }: { signal?: AbortSignal } = {}): Promise<Brand> {
  const response = await apiGet<{ data?: Brand }>(`/brands/brandrow/${encodeURIComponent(id)}`, { signal });
  if (!response?.data) throw new Error('The brand answer has no data.');
  return response.data;
}

export function brandRowQueryOptions(id: string) {
  return queryOptions({ queryKey: brandsKeys.row(id), queryFn: ({ signal }) => getBrandRow(id, { signal }), staleTime: 0 });
}

export function useBrandRow(id: string) {
  return useQuery(brandRowQueryOptions(id));
}
