/** Session storage key the login screen writes the bearer token to (spec §3 "Session"). */
export const SESSION_TOKEN_KEY = 'token';

/**
 * The bearer token of the logged-in customer, or null. Session storage can throw (privacy modes, disabled
 * storage) and the token may have been stored JSON-encoded; both are tolerated.
 */
export function getSessionToken(): string | null {
  let raw: string | null;
  try {
    raw = window.sessionStorage.getItem(SESSION_TOKEN_KEY);
  } catch {
    return null;
  }
  if (!raw) return null;
  if (raw.startsWith('"')) {
    try {
      const parsed: unknown = JSON.parse(raw);
      return typeof parsed === 'string' && parsed ? parsed : null;
    } catch {
      return raw;
    }
  }
  return raw;
}
