/** Query keys of the staff console; every key starts with 'admin' so a logout can drop them all. */
export const adminKeys = {
  all: ['admin'] as const,
  orders: (filters: object) => ['admin', 'orders', 'list', filters] as const,
  order: (orderId: string) => ['admin', 'orders', 'detail', orderId] as const,
  stock: (filters: object) => ['admin', 'stock', 'list', filters] as const,
  skuStream: (productId: number, size: string) => ['admin', 'stock', 'stream', productId, size] as const,
  events: (filters: object) => ['admin', 'events', 'list', filters] as const,
  eventTypes: () => ['admin', 'events', 'types'] as const,
  eventStream: (streamId: string) => ['admin', 'events', 'stream', streamId] as const,
  projections: () => ['admin', 'projections'] as const,
  dashboard: () => ['admin', 'dashboard'] as const,
  coupons: () => ['admin', 'coupons', 'list'] as const,
  couponRedemptions: (code: string) => ['admin', 'coupons', 'redemptions', code] as const,
};

/** The server's paginated answer. */
export interface Paginated<T> {
  data: T[];
  current_page: number;
  last_page: number;
  total: number;
  per_page: number;
}
