import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';

type Message = { success?: boolean; message?: string };

/** `POST /public/send-verifymail {email, phone, host}`: mails a verification link (host: page origin). */
export function sendVerifyMail(body: { email: string; phone: string; host: string }): Promise<Message> {
  return apiPost<Message>('/public/send-verifymail', body);
}

export function useSendVerifyMail() {
  return useMutation({ mutationFn: sendVerifyMail });
}
