import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import type { SignedIn } from './types';

export interface RegisterBody {
  name: string;
  email: string;
  password: string;
  inviteCode: string;
  /** `01…` (contracts/phone.ts); absent: no phone. */
  phone_number?: string;
}

/** `POST /auth/register {name, email, password, inviteCode}`; this server also signs the customer in. */
export function register(body: RegisterBody, { signal }: { signal?: AbortSignal } = {}): Promise<Partial<SignedIn>> {
  return apiPost<Partial<SignedIn>>('/auth/register', body, { signal });
}

export function useRegister() {
  return useMutation({ mutationFn: (body: RegisterBody) => register(body) });
}
