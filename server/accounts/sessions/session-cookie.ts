import type { Request, Response } from 'express';

/** The refresh secret: httpOnly, sent only to the sign-in calls under /api/auth (ADR 066). */
export const REFRESH_COOKIE = 'tb_refresh';
/**
 * Readable by the page and holding nothing secret: "a session may be open". A new tab without a token asks
 * /api/auth/refresh only when it is there, so a visitor who never signed in costs no request.
 */
export const SESSION_MARKER_COOKIE = 'tb_session';
const REFRESH_PATH = '/api/auth';

/** The cookie's value from the request's Cookie header, or null. */
export function readRefreshCookie(request: Request): string | null {
  const header = request.headers.cookie;
  if (typeof header !== 'string') return null;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === REFRESH_COOKIE) return part.slice(at + 1).trim() || null;
  }
  return null;
}

function cookie(name: string, value: string, options: { path: string; maxAgeSeconds: number; httpOnly: boolean; secure: boolean }): string {
  return [
    `${name}=${value}`,
    `Path=${options.path}`,
    `Max-Age=${options.maxAgeSeconds}`,
    ...(options.maxAgeSeconds > 0 ? [] : ['Expires=Thu, 01 Jan 1970 00:00:00 GMT']),
    ...(options.httpOnly ? ['HttpOnly'] : []),
    ...(options.secure ? ['Secure'] : []),
    'SameSite=Lax',
  ].join('; ');
}

/** Sets the refresh cookie (its secret already rotated) and the marker until the session's expiry. */
export function setSessionCookies(response: Response, refreshToken: string, expiresAt: Date, secure: boolean, now = new Date()): void {
  const maxAgeSeconds = Math.max(1, Math.floor((expiresAt.getTime() - now.getTime()) / 1000));
  response.append('Set-Cookie', cookie(REFRESH_COOKIE, refreshToken, { path: REFRESH_PATH, maxAgeSeconds, httpOnly: true, secure }));
  response.append('Set-Cookie', cookie(SESSION_MARKER_COOKIE, '1', { path: '/', maxAgeSeconds, httpOnly: false, secure }));
}

/** Only the marker's lifetime moves on (a tab that raced another keeps the cookie the other one got). */
export function extendSessionMarker(response: Response, expiresAt: Date, secure: boolean, now = new Date()): void {
  const maxAgeSeconds = Math.max(1, Math.floor((expiresAt.getTime() - now.getTime()) / 1000));
  response.append('Set-Cookie', cookie(SESSION_MARKER_COOKIE, '1', { path: '/', maxAgeSeconds, httpOnly: false, secure }));
}

export function clearSessionCookies(response: Response, secure: boolean): void {
  response.append('Set-Cookie', cookie(REFRESH_COOKIE, '', { path: REFRESH_PATH, maxAgeSeconds: 0, httpOnly: true, secure }));
  response.append('Set-Cookie', cookie(SESSION_MARKER_COOKIE, '', { path: '/', maxAgeSeconds: 0, httpOnly: false, secure }));
}
