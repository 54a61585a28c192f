import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OfferChangeResponse } from '../../../../../contracts/offers';
import { apiPost } from '../../../lib/api-client';
import { refreshOffers } from './lucky-draw-keys';

export interface NewOffer {
  name: string;
  starts_at: string;
  ends_at: string;
  discount_percent: number;
}

/** Create an offer (admin; `OfferCreated`); the prize table is the spec's unless given. 422 by field. */
export function createOffer(offer: NewOffer): Promise<OfferChangeResponse> {
  return apiPost<OfferChangeResponse>('/admin/offers', offer);
}

export function useCreateOffer() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createOffer, onSuccess: () => refreshOffers(queryClient) });
}
