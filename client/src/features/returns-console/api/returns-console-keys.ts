import { consoleKeys } from '../../console-kit/console-keys';

/** Query keys of care's returns (issue 35): the list (by stage or order) and the dashboard's figures. */
export const returnsConsoleKeys = {
  all: [...consoleKeys.all, 'returns'] as const,
  list: (stage: string, orderId: string) => [...returnsConsoleKeys.all, 'list', stage, orderId] as const,
  dashboard: () => [...returnsConsoleKeys.all, 'dashboard'] as const,
  photo: (returnId: string) => [...returnsConsoleKeys.all, 'photo', returnId] as const,
  steps: (orderId: string) => [...returnsConsoleKeys.all, 'steps', orderId] as const,
  couriers: (orderId: string) => [...returnsConsoleKeys.all, 'couriers', orderId] as const,
};
