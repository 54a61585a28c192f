import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import type { SignedIn } from './types';

/** `POST /auth/userLogin {email, password}` → user and access_token. */
export function userLogin(body: { email: string; password: string }, { signal }: { signal?: AbortSignal } = {}): Promise<SignedIn> {
  return apiPost<SignedIn>('/auth/userLogin', body, { signal });
}

export function useUserLogin() {
  return useMutation({ mutationFn: (body: { email: string; password: string }) => userLogin(body) });
}
