/** Session storage keys the login screen writes (spec §3 "Session"). */
export const SESSION_TOKEN_KEY = 'token';
export const SESSION_USER_KEY = 'user';

export interface SessionUser {
  name: string;
  email: string;
  phone_number: string | null;
}

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

/** The stored user (name, email, phone_number), or null when absent or unreadable. */
export function getSessionUser(): SessionUser | null {
  try {
    const parsed: unknown = JSON.parse(window.sessionStorage.getItem(SESSION_USER_KEY) ?? 'null');
    if (typeof parsed !== 'object' || parsed === null) return null;
    const user = parsed as Record<string, unknown>;
    return {
      name: typeof user.name === 'string' ? user.name : '',
      email: typeof user.email === 'string' ? user.email : '',
      phone_number: typeof user.phone_number === 'string' ? user.phone_number : null,
    };
  } catch {
    return null;
  }
}

export function setSession(token: string, user: SessionUser): void {
  try {
    window.sessionStorage.setItem(SESSION_TOKEN_KEY, token);
    window.sessionStorage.setItem(SESSION_USER_KEY, JSON.stringify(user));
  } catch {
    // Without session storage the customer stays logged out; the login screen still answers.
  }
}

export function setSessionUser(user: SessionUser): void {
  try {
    window.sessionStorage.setItem(SESSION_USER_KEY, JSON.stringify(user));
  } catch {
    // ignored, as above
  }
}

export function clearSession(): void {
  try {
    window.sessionStorage.removeItem(SESSION_TOKEN_KEY);
    window.sessionStorage.removeItem(SESSION_USER_KEY);
  } catch {
    // ignored, as above
  }
}
