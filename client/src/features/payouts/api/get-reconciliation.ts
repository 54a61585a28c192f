import type { PayoutReconciliationResponse } from '../../../../../contracts/payouts';
import { useConsoleQuery } from '../../console-kit/console-query';
import { payoutsKeys } from './payouts-keys';

/**
 * `GET /admin/payouts/reconciliation`: mismatches, delivered but unpaid, cash held by couriers, paid out this
 * month, return rates. The payouts page and the dashboard's tiles share this one cached answer.
 */
export function useReconciliation() {
  return useConsoleQuery<PayoutReconciliationResponse>(payoutsKeys.reconciliation(), '/admin/payouts/reconciliation', { staleTime: 30_000 });
}
