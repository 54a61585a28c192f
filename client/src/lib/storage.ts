import { useCallback, useSyncExternalStore } from 'react';

/**
 * JSON values in localStorage (the cart, wishlist and coupon keys of spec §3). Storage can throw (privacy
 * modes, quota) and may hold anything a user or an older version wrote: reads fall back, writes are best effort.
 */
export function readJson<T>(key: string, fallback: T, storage: () => Storage = () => window.localStorage): T {
  try {
    const raw = storage().getItem(key);
    return raw === null ? fallback : (JSON.parse(raw) as T);
  } catch {
    return fallback;
  }
}

/** Writes the value and tells this tab through `event` (other tabs hear the `storage` event). */
export function writeJson(key: string, value: unknown, event?: string, storage: () => Storage = () => window.localStorage): void {
  try {
    storage().setItem(key, JSON.stringify(value));
  } catch {
    // A full or disabled storage loses the change; the page keeps working.
  }
  if (event) window.dispatchEvent(new Event(event));
}

export function removeKey(key: string, event?: string, storage: () => Storage = () => window.localStorage): void {
  try {
    storage().removeItem(key);
  } catch {
    // ignored, as above
  }
  if (event) window.dispatchEvent(new Event(event));
}

/**
 * A `useSyncExternalStore` subscription to a stored key: `event` is the owning feature's change in this tab,
 * `storage` a change from another tab.
 */
export function useStorageSubscription(key: string, event: string): (onChange: () => void) => () => void {
  return useCallback(
    (onChange: () => void) => {
      const onStorage = (e: StorageEvent) => {
        if (e.key === null || e.key === key) onChange();
      };
      window.addEventListener(event, onChange);
      window.addEventListener('storage', onStorage);
      return () => {
        window.removeEventListener(event, onChange);
        window.removeEventListener('storage', onStorage);
      };
    },
    [key, event],
  );
}

const snapshots = new Map<string, { raw: string | null; value: unknown }>();

/**
 * A stored JSON value as React state, refreshed by `event` in this tab and `storage` from others. `parse`
 * turns whatever is stored into a valid value; the result is cached per raw string so renders are stable.
 */
export function useStoredJson<T>(key: string, event: string, parse: (raw: unknown) => T): T {
  const subscribe = useStorageSubscription(key, event);
  const getSnapshot = () => {
    let raw: string | null = null;
    try {
      raw = window.localStorage.getItem(key);
    } catch {
      raw = null;
    }
    const cached = snapshots.get(key);
    if (cached && cached.raw === raw) return cached.value as T;
    let decoded: unknown = null;
    try {
      decoded = raw === null ? null : JSON.parse(raw);
    } catch {
      decoded = null;
    }
    const value = parse(decoded);
    snapshots.set(key, { raw, value });
    return value;
  };
  return useSyncExternalStore(subscribe, getSnapshot, () => parse(null));
}

/**
 * One stored JSON value (the cart, the wishlist, the applied coupon): read, saved (announced by `event`) and
 * watched as React state, always through `parse`, which makes whatever is stored, or nothing, valid.
 */
export function storedJson<T>(key: string, event: string, parse: (raw: unknown) => T) {
  return {
    read: (): T => parse(readJson<unknown>(key, null)),
    save: (value: T): void => writeJson(key, value, event),
    use: (): T => useStoredJson(key, event, parse),
  };
}
