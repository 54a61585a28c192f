import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { catalogKeys } from './catalog-keys';

/** `GET /public/search-suggestions?q`: what to search for instead when a search found nothing (issue 32). */
export async function searchSuggestions(q: string, { signal }: { signal?: AbortSignal } = {}): Promise<string[]> {
  const response = await apiGet<{ data: string[] }>('/public/search-suggestions', { signal, params: { q } });
  return Array.isArray(response?.data) ? response.data : [];
}

export function useSearchSuggestions(q: string, enabled: boolean) {
  return useQuery({
    ...queryOptions({ queryKey: catalogKeys.suggestions(q), queryFn: ({ signal }) => searchSuggestions(q, { signal }), staleTime: 60_000 }),
    enabled,
  });
}
