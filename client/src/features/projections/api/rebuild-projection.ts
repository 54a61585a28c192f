import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RebuildStartedResponse } from '../../../../../contracts/projections';
import { apiPost } from '../../../lib/api-client';
import { projectionsKeys } from './projections-keys';

export function rebuildProjection(name: string) {
  return apiPost<RebuildStartedResponse>(`/admin/projections/${encodeURIComponent(name)}/rebuild`);
}

export function useRebuildProjection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rebuildProjection,
    // Refetching at once turns the polling on (500 ms) as soon as the job shows as running.
    onSettled: () => queryClient.invalidateQueries({ queryKey: projectionsKeys.all }),
  });
}
