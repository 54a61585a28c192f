import { useMutation } from '@tanstack/react-query';
import type { SignedInResponse } from '../../../../contracts/accounts';
import { apiPost } from '../../lib/api-client';

export interface StaffLoginInput {
  email: string;
  password: string;
}

/** The storefront's login call; the console checks the role it answers with. */
export function staffLogin(input: StaffLoginInput): Promise<SignedInResponse> {
  return apiPost<SignedInResponse>('/auth/userLogin', input);
}

export function useStaffLogin() {
  return useMutation({ mutationFn: staffLogin });
}
