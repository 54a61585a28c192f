import { consoleKeys } from '../../console-kit/console-keys';

/** Query keys of the coupons screen. */
export const couponsKeys = {
  all: [...consoleKeys.all, 'coupons'] as const,
  list: () => [...couponsKeys.all, 'list'] as const,
  redemptions: (code: string) => [...couponsKeys.all, 'redemptions', code] as const,
};
