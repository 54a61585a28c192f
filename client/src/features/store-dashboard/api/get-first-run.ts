import type { FirstRunStatus } from '../../../../../contracts/first-run';
import { useConsoleQuery } from '../../console-kit/console-query';
import { dashboardKeys } from './dashboard-keys';

/** `GET /admin/first-run` (admins only): what the shop lacks before it can take an order. */
export function useFirstRun(enabled: boolean) {
  return useConsoleQuery<FirstRunStatus>([...dashboardKeys.all, 'first-run'], '/admin/first-run', { enabled, staleTime: 5_000 });
}
