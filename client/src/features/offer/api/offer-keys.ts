export const offerKeys = {
  all: ['offer'] as const,
  offer: (id: string) => [...offerKeys.all, 'offer', id] as const,
  myTokens: (orderId: string, phone: string) => [...offerKeys.all, 'my-tokens', orderId, phone] as const,
};
