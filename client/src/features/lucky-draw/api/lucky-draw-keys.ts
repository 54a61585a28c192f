import type { QueryClient } from '@tanstack/react-query';
import { consoleKeys } from '../../console-kit/console-keys';

/** Query keys of the console's lucky-draw screens. */
export const luckyDrawKeys = {
  all: [...consoleKeys.all, 'lucky-draw'] as const,
  offers: () => [...luckyDrawKeys.all, 'offers'] as const,
  orderTokens: (orderId: string) => [...luckyDrawKeys.all, 'order-tokens', orderId] as const,
};

/** After a change: the offers are read models a projection fills a moment after the event, so look again shortly. */
export function refreshOffers(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: luckyDrawKeys.all });
  setTimeout(() => void queryClient.invalidateQueries({ queryKey: luckyDrawKeys.all }), 500);
}
