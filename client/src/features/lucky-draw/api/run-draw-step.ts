import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OfferChangeResponse } from '../../../../../contracts/offers';
import { apiPost, apiSend } from '../../../lib/api-client';
import { refreshOffers } from './lucky-draw-keys';

export type DrawStep = 'end-now' | 'commit' | 'close' | 'draw';

/**
 * One step of a draw (admin): end the period now (`PATCH` the end, before the commitment), commit to a seed,
 * close (publish the eligible tokens), hold the draw. 409 with the reason when the step is not allowed yet.
 */
export function runDrawStep({ offerId, step }: { offerId: string; step: DrawStep }): Promise<OfferChangeResponse> {
  const path = `/admin/offers/${encodeURIComponent(offerId)}`;
  if (step === 'end-now') return apiSend<OfferChangeResponse>('PATCH', path, { ends_at: new Date().toISOString() });
  return apiPost<OfferChangeResponse>(`${path}/${step}`);
}

export function useDrawStep() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: runDrawStep, onSuccess: () => refreshOffers(queryClient) });
}
