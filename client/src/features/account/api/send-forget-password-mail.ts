import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';

type Message = { success?: boolean; message?: string };

/** `POST /public/send-verifymail-forgetpassword {email (trimmed), host}`. */
export function sendForgetPasswordMail(body: { email: string; host: string }): Promise<Message> {
  return apiPost<Message>('/public/send-verifymail-forgetpassword', { email: body.email.trim(), host: body.host });
}

export function useSendForgetPasswordMail() {
  return useMutation({ mutationFn: sendForgetPasswordMail });
}
