import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiGet, buildApiUrl } from '../../../lib/api-client';
import type { PublicOffer } from '../types';
import { offerKeys } from './offer-keys';

/** The address of an offer's public data: what `npm run verify-draw` reads, and the page's "published data" link. */
export const publishedDataUrl = (id: string) => buildApiUrl(`/public/offers/${encodeURIComponent(id)}`);

/** `GET /public/offers/{id}` or `/public/offers/current`; null when there is no such offer (404). */
export async function getOffer(id: string, { signal }: { signal?: AbortSignal } = {}): Promise<PublicOffer | null> {
  try {
    const response = await apiGet<{ data?: PublicOffer }>(`/public/offers/${encodeURIComponent(id)}`, { signal });
    return response?.data ?? null;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export function offerQueryOptions(id: string) {
  return queryOptions({ queryKey: offerKeys.offer(id), queryFn: ({ signal }) => getOffer(id, { signal }), staleTime: 30_000 });
}

/** The offer with this id, or the current one. */
export function useOffer(id: string | null) {
  return useQuery(offerQueryOptions(id || 'current'));
}
