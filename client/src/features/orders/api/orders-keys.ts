export const ordersKeys = {
  all: ['orders'] as const,
  summary: (orderId: string, phone?: string) => [...ordersKeys.all, 'summary', orderId, phone ?? ''] as const,
  tracking: (orderId: string, phone: string) => [...ordersKeys.all, 'tracking', orderId, phone] as const,
};
