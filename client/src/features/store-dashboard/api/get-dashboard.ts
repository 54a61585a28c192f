import type { DashboardResponse } from '../../../../../contracts/dashboard';
import { useConsoleQuery } from '../../console-kit/console-query';
import { dashboardKeys } from './dashboard-keys';

/** `GET /admin/dashboard`. */
export function useDashboard() {
  return useConsoleQuery<DashboardResponse>(dashboardKeys.all, '/admin/dashboard', { staleTime: 30_000 });
}
