import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';

type Message = { success?: boolean; message?: string };

/** `POST /public/restPassword` (multipart password, password_confirmation, id); 422 errors by field. */
export function resetPassword(body: { password: string; password_confirmation: string; id: string }): Promise<Message> {
  const form = new FormData();
  form.append('password', body.password);
  form.append('password_confirmation', body.password_confirmation);
  form.append('id', body.id);
  return apiPost<Message>('/public/restPassword', form);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
