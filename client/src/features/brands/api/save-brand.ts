import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { brandsKeys } from './brands-keys';

export interface SaveBrandBody {
  id?: number;
  name: string;
  description: string;
  status: number;
}

/** `POST /brands/save {name, description, status, id?}`. */
export function saveBrand(body: SaveBrandBody) {
  return apiPost<{ message?: string }>('/brands/save', body);
}

export function useSaveBrand() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveBrand, onSuccess: () => queryClient.invalidateQueries({ queryKey: brandsKeys.all }) });
}
