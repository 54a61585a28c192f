import { useMutation, useQuery } from '@tanstack/react-query';
import type { SignedInResponse } from '../../../../../contracts/accounts';
import type { StaffInvitationInfo, StaffMember } from '../../../../../contracts/catalog-admin';
import { apiGet, apiPost } from '../../../lib/api-client';
import { consoleKeys } from '../../console-kit/console-keys';
import { useConsoleMutation, useConsoleQuery } from '../../console-kit/console-query';

export const staffKeys = { all: [...consoleKeys.all, 'staff'] as const };

export function useStaff() {
  return useConsoleQuery<{ data: StaffMember[] }>(staffKeys.all, '/admin/staff');
}

export function useAddStaff() {
  return useConsoleMutation<{ name: string; email: string; role: 'care' | 'admin'; locale: 'en' | 'bn' }, StaffMember>(() => '/admin/staff', (input) => input, () => [staffKeys.all]);
}

export function useDisableStaff() {
  return useConsoleMutation<{ id: string }, StaffMember>(({ id }) => `/admin/staff/${id}/disable`, () => ({}), () => [staffKeys.all]);
}

export function useResendInvitation() {
  return useConsoleMutation<{ id: string; locale: 'en' | 'bn' }, StaffMember>(({ id }) => `/admin/staff/${id}/resend-invitation`, ({ locale }) => ({ locale }), () => [staffKeys.all]);
}

export function useRevokeInvitation() {
  return useConsoleMutation<{ id: string }, { success: true; message: string }>(({ id }) => `/admin/staff/${id}/revoke-invitation`, () => ({}), () => [staffKeys.all]);
}

/** The invitation a set-password link names (public: the member is not signed in yet). */
export function useInvitation(token: string) {
  return useQuery({
    queryKey: ['staff-invitation', token],
    queryFn: ({ signal }) => apiGet<StaffInvitationInfo>(`/public/staff-invitations/${encodeURIComponent(token)}`, { signal }),
    retry: false,
    staleTime: Infinity,
  });
}

export function useAcceptInvitation() {
  return useMutation({
    mutationFn: (input: { token: string; password: string; password_confirmation: string }) => apiPost<SignedInResponse>('/public/staff-invitations/accept', input),
  });
}
