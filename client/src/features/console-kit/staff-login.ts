import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../lib/api-client';

export interface StaffLoginInput {
  email: string;
  password: string;
}

export interface StaffLoginAnswer {
  user: { id: number | string; name: string; email: string; role: string; phone_number?: string | null };
  access_token: string;
}

/** The storefront's login call; the console checks the role it answers with. */
export function staffLogin(input: StaffLoginInput): Promise<StaffLoginAnswer> {
  return apiPost<StaffLoginAnswer>('/auth/userLogin', input);
}

export function useStaffLogin() {
  return useMutation({ mutationFn: staffLogin });
}
