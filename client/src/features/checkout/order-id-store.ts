import { readJson, writeJson } from '../../lib/storage';

/** The last placed order's id, stored as `{ value }` (spec §2 Order confirmation, §4). */
export const ORDER_ID_KEY = 'orderId';

export function saveLastOrderId(orderId: string): void {
  writeJson(ORDER_ID_KEY, { value: orderId });
}

export function readLastOrderId(): string | null {
  const stored = readJson<unknown>(ORDER_ID_KEY, null);
  const value = typeof stored === 'object' && stored !== null ? (stored as { value?: unknown }).value : null;
  return typeof value === 'string' && value ? value : typeof value === 'number' ? String(value) : null;
}
