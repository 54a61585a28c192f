import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminOffer } from '../../../../../contracts/offers';
import { apiGet } from '../../../lib/api-client';
import { luckyDrawKeys } from './lucky-draw-keys';

/** Every offer, latest period first (care and admin). */
export function getOffers({ signal }: { signal?: AbortSignal } = {}) {
  return apiGet<{ success: boolean; data: AdminOffer[] }>('/admin/offers', { signal });
}

export function offersQueryOptions() {
  return queryOptions({ queryKey: luckyDrawKeys.offers(), queryFn: ({ signal }) => getOffers({ signal }), staleTime: 5_000, refetchInterval: 5_000 });
}

export function useOffers() {
  return useQuery(offersQueryOptions());
}
