import type { ReturnsDashboardResponse } from '../../../../../contracts/returns';
import { useConsoleQuery } from '../../console-kit/console-query';
import { returnsConsoleKeys } from './returns-console-keys';

/** `GET /admin/dashboard/returns`: returns and exchanges by reason, the return rate by size and by product. */
export function useReturnsDashboard() {
  return useConsoleQuery<ReturnsDashboardResponse>(returnsConsoleKeys.dashboard(), '/admin/dashboard/returns', { staleTime: 30_000 });
}
