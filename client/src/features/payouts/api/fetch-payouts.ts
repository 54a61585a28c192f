import type { PayoutFetchResponse } from '../../../../../contracts/payouts';
import type { CourierCode } from '../../../../../contracts/shipments';
import { useConsoleMutation } from '../../console-kit/console-query';
import { payoutsKeys } from './payouts-keys';

/** `POST /admin/payouts/fetch`: asks the couriers that list payouts (Steadfast) for them now; each is recorded once. */
export function useFetchPayouts() {
  return useConsoleMutation<{ courier?: CourierCode }, PayoutFetchResponse>(
    () => '/admin/payouts/fetch',
    ({ courier }) => (courier ? { courier } : {}),
    () => [payoutsKeys.all],
  );
}
