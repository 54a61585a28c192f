import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { accountKeys } from './account-keys';
import type { AccountUser } from './types';

/** `GET /user/checkCurrentUser` (bearer): name, email, phone_number. */
export async function checkCurrentUser({ signal }: { signal?: AbortSignal } = {}): Promise<AccountUser> {
  const response = await apiGet<{ user?: AccountUser; data?: AccountUser }>('/user/checkCurrentUser', { signal });
  const user = response?.user ?? response?.data;
  if (!user) throw new Error('The current user answer has no user.');
  return user;
}

export function currentUserQueryOptions() {
  return queryOptions({ queryKey: accountKeys.currentUser(), queryFn: ({ signal }) => checkCurrentUser({ signal }), staleTime: 0 });
}

export function useCurrentUser(enabled = true) {
  return useQuery({ ...currentUserQueryOptions(), enabled });
}
