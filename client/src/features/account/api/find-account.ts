import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';

type Message = { success?: boolean; message?: string };

/** `POST /public/find-account {phone}`: 200 when an account uses the phone. */
export function findAccount(phone: string): Promise<Message> {
  return apiPost<Message>('/public/find-account', { phone });
}

export function useFindAccount() {
  return useMutation({ mutationFn: findAccount });
}
