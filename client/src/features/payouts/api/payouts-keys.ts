import { consoleKeys } from '../../console-kit/console-keys';

/** Query keys of the payouts console (issue 29): the payouts list and the reconciliation (also read by the dashboard's tiles). */
export const payoutsKeys = {
  all: [...consoleKeys.all, 'payouts'] as const,
  list: () => [...payoutsKeys.all, 'list'] as const,
  reconciliation: () => [...payoutsKeys.all, 'reconciliation'] as const,
  /** The daily payments reconciliation (bKash payments against the order log, issue 34). */
  payments: () => [...payoutsKeys.all, 'payments'] as const,
};
