import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import type { SignedIn } from './types';

/** `POST /auth/updatePassword` (multipart password, password_confirmation; bearer). May return a new token. */
export function updatePassword(body: { password: string; password_confirmation: string }, { signal }: { signal?: AbortSignal } = {}) {
  const form = new FormData();
  form.append('password', body.password);
  form.append('password_confirmation', body.password_confirmation);
  return apiPost<Partial<SignedIn> & { message?: string }>('/auth/updatePassword', form, { signal });
}

export function useUpdatePassword() {
  return useMutation({ mutationFn: (body: { password: string; password_confirmation: string }) => updatePassword(body) });
}
