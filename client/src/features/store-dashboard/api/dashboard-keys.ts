import { consoleKeys } from '../../console-kit/console-keys';

/** Query keys of the console's dashboard. */
export const dashboardKeys = {
  all: [...consoleKeys.all, 'dashboard'] as const,
};
