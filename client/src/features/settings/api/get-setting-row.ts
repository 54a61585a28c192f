import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { CATALOG_STALE_TIME } from '../../../lib/query-client';

/** Store settings from `GET /api/public/settingRow` (spec §3 "Setting"; field spellings are the API's). */
export interface Setting {
  name: string;
  description: string | null;
  fblink: string | null;
  email: string | null;
  whatsApp: string | null;
  address: string | null;
  currency: string | null;
  devliery_charge: number | string | null;
  devliery_charge_inside_dhk: number | string | null;
  devliery_charge_outside_dhk: number | string | null;
  bkash_number: string | null;
  /** Issue 16 (absent from an older server): care line, delivery times, return days, low-stock threshold. */
  hotline?: string | null;
  delivery_time_inside_dhaka?: string | null;
  delivery_time_outside_dhaka?: string | null;
  return_days?: number | null;
  low_stock_threshold?: number | null;
}

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
