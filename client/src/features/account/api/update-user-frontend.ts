import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { accountKeys } from './account-keys';
import type { AccountUser } from './types';

/** `POST /user/updateUserFrontend` (multipart name, phone_number; bearer). */
export function updateUserFrontend(body: { name: string; phone_number: string }, { signal }: { signal?: AbortSignal } = {}) {
  const form = new FormData();
  form.append('name', body.name);
  form.append('phone_number', body.phone_number);
  return apiPost<{ success?: boolean; message?: string; user?: AccountUser }>('/user/updateUserFrontend', form, { signal });
}

export function useUpdateUserFrontend() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; phone_number: string }) => updateUserFrontend(body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.currentUser() }),
  });
}
