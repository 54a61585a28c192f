import { useSyncExternalStore } from 'react';
import { readJson, useStorageSubscription } from '../../lib/storage';

/**
 * Length of a JSON array kept in localStorage (the cart and wishlist live there, spec §3). Refreshes when
 * the owning feature dispatches its window event in this tab, and on `storage` events from other tabs.
 */
export function useStoredListCount(key: string, updateEvent: string): number {
  return useSyncExternalStore(useStorageSubscription(key, updateEvent), () => readListLength(key), () => 0);
}

function readListLength(key: string): number {
  const list = readJson<unknown>(key, []);
  return Array.isArray(list) ? list.length : 0;
}
