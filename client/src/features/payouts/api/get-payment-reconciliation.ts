import type { PaymentReconciliationResponse } from '../../../../../contracts/payments';
import { useConsoleQuery } from '../../console-kit/console-query';
import { payoutsKeys } from './payouts-keys';

/** `GET /admin/payments/reconciliation` (admins, issue 34): the newest daily payments reconciliation. */
export function usePaymentReconciliation(enabled: boolean) {
  return useConsoleQuery<PaymentReconciliationResponse>(payoutsKeys.payments(), '/admin/payments/reconciliation', { staleTime: 60_000, enabled });
}
