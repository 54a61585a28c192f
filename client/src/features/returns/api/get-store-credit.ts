import { useQuery } from '@tanstack/react-query';
import type { StoreCreditResponse } from '../../../../../contracts/returns';
import { apiGet } from '../../../lib/api-client';
import { returnsKeys } from './returns-keys';

/** `GET /orders/store-credit`: the signed-in customer's store credit. */
export function useStoreCredit() {
  return useQuery({ queryKey: returnsKeys.credit(), queryFn: ({ signal }) => apiGet<StoreCreditResponse>('/orders/store-credit', { signal }), retry: false });
}
