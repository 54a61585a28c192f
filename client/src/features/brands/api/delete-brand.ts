import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { brandsKeys } from './brands-keys';

/** `GET /brands/delete/{id}` (a GET, as the spec lists it). */
export function deleteBrand(id: number) {
  return apiGet<{ message?: string }>(`/brands/delete/${id}`);
}

export function useDeleteBrand() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteBrand, onSuccess: () => queryClient.invalidateQueries({ queryKey: brandsKeys.all }) });
}
