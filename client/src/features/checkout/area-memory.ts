import type { Area } from './api/search-areas';

/**
 * The area the shopper last picked at checkout (issue 32), kept in this browser so the cart can estimate the
 * delivery charge by its zone before the next checkout; the checkout itself still asks the server.
 */
const KEY = 'tb.lastArea';

export function rememberArea(area: Area | null): void {
  try {
    if (area) localStorage.setItem(KEY, JSON.stringify(area));
  } catch {
    // Storage full or blocked: the cart falls back to the store's two charges.
  }
}

export function rememberedArea(): Area | null {
  try {
    const value = JSON.parse(localStorage.getItem(KEY) ?? 'null') as Area | null;
    return value && typeof value.id === 'string' && typeof value.zone?.charge === 'number' ? value : null;
  } catch {
    return null;
  }
}
