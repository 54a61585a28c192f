import { consoleKeys } from '../../console-kit/console-keys';

/** Query keys of the projections screen. */
export const projectionsKeys = {
  all: [...consoleKeys.all, 'projections'] as const,
  queues: [...consoleKeys.all, 'queues'] as const,
};
