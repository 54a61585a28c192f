import { consoleKeys } from '../../console-kit/console-keys';

/** Query keys of the event browser. */
export const eventLogKeys = {
  all: [...consoleKeys.all, 'events'] as const,
  list: (filters: object) => [...eventLogKeys.all, 'list', filters] as const,
  types: () => [...eventLogKeys.all, 'types'] as const,
  stream: (streamId: string) => [...eventLogKeys.all, 'stream', streamId] as const,
};
