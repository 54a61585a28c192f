/**
 * For unit specs of the stored lists (cart, wishlist): a global `window` whose localStorage is a Map holding
 * `stored` as JSON under `key`, and which records the type of every event dispatched on it.
 */
export function fakeWindowWithList(key: string, stored: unknown[]) {
  const storage = new Map<string, string>([[key, JSON.stringify(stored)]]);
  const events: string[] = [];
  (globalThis as { window?: unknown }).window = {
    localStorage: { getItem: (k: string) => storage.get(k) ?? null, setItem: (k: string, v: string) => storage.set(k, v) },
    dispatchEvent: (e: Event) => events.push(e.type),
  };
  return { storage, events };
}

/** Takes a spec's fake `window` away again (for `afterEach`). */
export function removeFakeWindow(): void {
  delete (globalThis as { window?: unknown }).window;
}
