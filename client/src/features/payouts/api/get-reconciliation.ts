import type { PayoutReconciliationResponse } from '../../../../../contracts/payouts';
import { useConsoleQuery } from '../../console-kit/console-query';
import { payoutsKeys } from './payouts-keys';

/**
 * `GET /admin/payouts/reconciliation`: mismatches, delivered but unpaid, cash held by couriers, paid out this
 * month, return rates. The payouts page and the dashboard's tiles share this one cached answer; asked again every
 * `poll` ms while given (after recording payouts).
 */
export function useReconciliation(poll: number | false = false) {
  return useConsoleQuery<PayoutReconciliationResponse>(payoutsKeys.reconciliation(), '/admin/payouts/reconciliation', { staleTime: 30_000, refetchInterval: poll });
}
