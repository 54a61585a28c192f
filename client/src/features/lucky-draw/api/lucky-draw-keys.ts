import { consoleKeys } from '../../console-kit/console-keys';

/** Query keys of the console's lucky-draw screens. */
export const luckyDrawKeys = {
  all: [...consoleKeys.all, 'lucky-draw'] as const,
  offers: () => [...luckyDrawKeys.all, 'offers'] as const,
  orderTokens: (orderId: string) => [...luckyDrawKeys.all, 'order-tokens', orderId] as const,
};
