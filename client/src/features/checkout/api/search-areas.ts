import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AreaResponse } from '../../../../../contracts/catalog';
import { apiGet } from '../../../lib/api-client';

/** A district, upazila or city thana an order can go to, with its delivery zone (ADR 059). */
export type Area = AreaResponse;

/** The picker asks from this many letters (the server answers from 2; 3 keeps the list short). */
export const AREA_SEARCH_MIN_LENGTH = 2;

export const areaKeys = {
  all: ['areas'] as const,
  search: (q: string) => [...areaKeys.all, 'search', q] as const,
};

/** `GET /public/areas?q=`: areas matching typed English or Bengali text, best first (at most 20). */
export async function searchAreas(q: string, { signal }: { signal?: AbortSignal } = {}): Promise<Area[]> {
  const response = await apiGet<{ data: Area[] }>('/public/areas', { signal, params: { q } });
  return Array.isArray(response?.data) ? response.data : [];
}

export function searchAreasQueryOptions(q: string) {
  return queryOptions({ queryKey: areaKeys.search(q), queryFn: ({ signal }) => searchAreas(q, { signal }), staleTime: 5 * 60_000 });
}

export function useSearchAreas(q: string) {
  const query = q.trim();
  return useQuery({ ...searchAreasQueryOptions(query), enabled: query.length >= AREA_SEARCH_MIN_LENGTH });
}
