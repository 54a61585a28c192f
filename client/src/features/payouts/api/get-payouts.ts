import type { PayoutListResponse } from '../../../../../contracts/payouts';
import { useConsoleQuery } from '../../console-kit/console-query';
import { payoutsKeys } from './payouts-keys';

/** `GET /admin/payouts`: the newest payouts, each with its parcels and money, and the totals; asked again every `poll` ms while given (after recording payouts). */
export function usePayouts(poll: number | false = false) {
  return useConsoleQuery<PayoutListResponse>(payoutsKeys.list(), '/admin/payouts', { staleTime: 30_000, refetchInterval: poll });
}
