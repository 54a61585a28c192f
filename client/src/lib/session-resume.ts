import { getSessionToken, setSession, type SessionUser } from './session';

/**
 * Sessions that outlive a tab (ADR 066). Loaded only when needed: a new tab whose cookie marker says a session
 * may be open asks the server for a token (the httpOnly refresh cookie goes with the request), and signing
 * out ends the session on the server, so every other tab and the cookie end with it.
 */
const WAIT_MS = 5_000;

/** Stores the session's token and user (with its id and role, which the console reads). Never throws. */
export async function resumeSession(): Promise<void> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), WAIT_MS);
  try {
    const response = await fetch('/api/auth/refresh', { method: 'POST', headers: { Accept: 'application/json' }, credentials: 'same-origin', signal: controller.signal });
    if (!response.ok) return;
    const body = (await response.json()) as { access_token?: unknown; user?: Record<string, unknown> };
    if (typeof body.access_token !== 'string' || !body.user || getSessionToken()) return;
    const user: SessionUser & { id: unknown; role: unknown } = {
      id: body.user.id,
      name: typeof body.user.name === 'string' ? body.user.name : '',
      email: typeof body.user.email === 'string' ? body.user.email : '',
      phone_number: typeof body.user.phone_number === 'string' ? body.user.phone_number : null,
      role: body.user.role,
    };
    setSession(body.access_token, user);
  } catch {
    // Offline or slow: this tab starts signed out; the next one tries again.
  } finally {
    clearTimeout(timer);
  }
}

/** Ends the server's session of `token` and of the cookie (the caller has already forgotten the token). */
export async function endSession(token: string | null): Promise<void> {
  try {
    await fetch('/api/auth/logout', {
      method: 'POST',
      headers: { Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      credentials: 'same-origin',
      keepalive: true,
    });
  } catch {
    // The cookie marker stays; the session ends at its expiry. Nothing to show: the tab is signed out.
  }
}
