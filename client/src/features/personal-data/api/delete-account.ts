import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';

/** `POST /customer/delete-account {password}` (bearer): 200 deleted; 422 wrong password; 409 names orders in progress. */
export function useDeleteAccount() {
  return useMutation({ mutationFn: (password: string) => apiPost<{ success: boolean; message: string }>('/customer/delete-account', { password }) });
}
