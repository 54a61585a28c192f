import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SettingResponse } from '../../../../../contracts/catalog';
import { apiGet } from '../../../lib/api-client';
import { CATALOG_STALE_TIME } from '../../../lib/query-client';

/** Store settings from `GET /api/public/settingRow` (contracts/catalog.ts). */
export type Setting = SettingResponse;

interface SettingRowResponse {
  data: Setting;
}

export const settingsKeys = {
  all: ['settings'] as const,
  row: () => [...settingsKeys.all, 'row'] as const,
};

export async function getSettingRow({ signal }: { signal?: AbortSignal } = {}): Promise<Setting> {
  const response = await apiGet<SettingRowResponse>('/public/settingRow', { signal });
  if (!response || typeof response !== 'object' || !response.data || typeof response.data !== 'object') {
    throw new Error('The store settings answer has no data.');
  }
  return response.data;
}

export function settingRowQueryOptions() {
  return queryOptions({
    queryKey: settingsKeys.row(),
    queryFn: ({ signal }) => getSettingRow({ signal }),
    staleTime: CATALOG_STALE_TIME,
  });
}

export function useSettingRow() {
  return useQuery(settingRowQueryOptions());
}
