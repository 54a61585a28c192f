import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

export function rebuildProjection(name: string) {
  return apiPost<{ success: boolean; message: string }>(`/admin/projections/${encodeURIComponent(name)}/rebuild`);
}

export function useRebuildProjection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rebuildProjection,
    // Refetching at once turns the polling on (500 ms) as soon as the job shows as running.
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.projections() }),
  });
}
