import { useCallback, useSyncExternalStore } from 'react';

/**
 * Length of a JSON array kept in localStorage (the cart and wishlist live there, spec §3). Refreshes when
 * the owning feature dispatches its window event in this tab, and on `storage` events from other tabs.
 */
export function useStoredListCount(key: string, updateEvent: string): number {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const onStorage = (event: StorageEvent) => {
        if (event.key === null || event.key === key) onChange();
      };
      window.addEventListener(updateEvent, onChange);
      window.addEventListener('storage', onStorage);
      return () => {
        window.removeEventListener(updateEvent, onChange);
        window.removeEventListener('storage', onStorage);
      };
    },
    [key, updateEvent],
  );
  return useSyncExternalStore(subscribe, () => readListLength(key), () => 0);
}

function readListLength(key: string): number {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(key) ?? '[]');
    return Array.isArray(parsed) ? parsed.length : 0;
  } catch {
    return 0;
  }
}
