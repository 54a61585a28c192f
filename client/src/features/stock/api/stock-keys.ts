import { consoleKeys } from '../../console-kit/console-keys';

/** Query keys of the stock screen. */
export const stockKeys = {
  all: [...consoleKeys.all, 'stock'] as const,
  list: (filters: object) => [...stockKeys.all, 'list', filters] as const,
  stream: (productId: number, size: string) => [...stockKeys.all, 'stream', productId, size] as const,
};
