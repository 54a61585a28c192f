import { queryOptions } from '@tanstack/react-query';
import type { SavedAddressResponse } from '../../../../../contracts/accounts';
import { apiGet, apiPost } from '../../../lib/api-client';

export type SavedAddress = SavedAddressResponse;

export const savedAddressKeys = { all: ['saved-address'] as const };

/** `GET /user/delivery-address` (issue 32): the address the signed-in customer saved, or null. */
export async function getSavedAddress({ signal }: { signal?: AbortSignal } = {}): Promise<SavedAddress | null> {
  const response = await apiGet<{ address: SavedAddress | null }>('/user/delivery-address', { signal });
  return response?.address ?? null;
}

export function savedAddressQueryOptions() {
  return queryOptions({ queryKey: savedAddressKeys.all, queryFn: ({ signal }) => getSavedAddress({ signal }) });
}

/** `POST /user/delivery-address`: keeps the area, house and road and landmark on the account for next time. */
export function saveAddress(body: { area_id: string; address: string; landmark: string }): Promise<{ address: SavedAddress | null }> {
  return apiPost<{ address: SavedAddress | null }>('/user/delivery-address', body);
}
