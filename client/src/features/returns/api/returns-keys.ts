export const returnsKeys = {
  all: ['returns'] as const,
  options: (orderId: string, phone?: string) => [...returnsKeys.all, 'options', orderId, phone ?? ''] as const,
  credit: () => [...returnsKeys.all, 'credit'] as const,
};
