import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';

type Message = { success?: boolean; message?: string };

/** `POST /public/update-verifymail {email, id}`: 200 ok; 422 and 400 carry errors. */
export function updateVerifyMail(body: { email: string; id: string }): Promise<Message> {
  return apiPost<Message>('/public/update-verifymail', body);
}

export function useUpdateVerifyMail() {
  return useMutation({ mutationFn: updateVerifyMail });
}
