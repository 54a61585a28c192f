import { useQuery } from '@tanstack/react-query';
import type { StoreCreditResponse } from '../../../../../contracts/returns';
import { apiGet } from '../../../lib/api-client';
import { returnsKeys } from './returns-keys';

/** `GET /orders/store-credit`: the signed-in customer's store credit (not asked while `enabled` is false: a guest). */
export function useStoreCredit(enabled = true) {
  return useQuery({ queryKey: returnsKeys.credit(), queryFn: ({ signal }) => apiGet<StoreCreditResponse>('/orders/store-credit', { signal }), retry: false, enabled });
}
