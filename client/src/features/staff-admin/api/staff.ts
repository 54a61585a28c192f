import type { StaffMember } from '../../../../../contracts/catalog-admin';
import { consoleKeys } from '../../console-kit/console-keys';
import { useConsoleMutation, useConsoleQuery } from '../../console-kit/console-query';

export const staffKeys = { all: [...consoleKeys.all, 'staff'] as const };

export function useStaff() {
  return useConsoleQuery<{ data: StaffMember[] }>(staffKeys.all, '/admin/staff');
}

export function useAddStaff() {
  return useConsoleMutation<{ name: string; email: string; role: 'care' | 'admin' }, StaffMember>(() => '/admin/staff', (input) => input, () => [staffKeys.all]);
}

export function useDisableStaff() {
  return useConsoleMutation<{ id: string }, StaffMember>(({ id }) => `/admin/staff/${id}/disable`, () => ({}), () => [staffKeys.all]);
}
