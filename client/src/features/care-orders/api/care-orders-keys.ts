import { consoleKeys } from '../../console-kit/console-keys';

/** Query keys of care's order screens. */
export const careOrdersKeys = {
  all: [...consoleKeys.all, 'orders'] as const,
  lists: () => [...careOrdersKeys.all, 'list'] as const,
  list: (filters: object) => [...careOrdersKeys.lists(), filters] as const,
  detail: (orderId: string) => [...careOrdersKeys.all, 'detail', orderId] as const,
  shipment: (orderId: string) => [...careOrdersKeys.all, 'shipment', orderId] as const,
  areas: (q: string) => [...careOrdersKeys.all, 'areas', q] as const,
  stock: (productId: number) => [...careOrdersKeys.all, 'stock', productId] as const,
  latest: () => [...careOrdersKeys.all, 'latest-version'] as const,
};
