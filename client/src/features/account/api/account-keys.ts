export const accountKeys = {
  all: ['account'] as const,
  currentUser: () => [...accountKeys.all, 'current-user'] as const,
  orders: () => [...accountKeys.all, 'orders'] as const,
  orderHistory: (orderId: string) => [...accountKeys.all, 'order-history', orderId] as const,
};
