import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { ApiError } from '../../lib/api-client';
import { clearSession, getSessionToken } from '../../lib/session';

/** /login with the page to come back to after signing in. */
export function loginPathFor(location: { pathname: string; search: string }): string {
  return `/login?next=${encodeURIComponent(location.pathname + location.search)}`;
}

/** Where to go after signing in: the `next` page when it is a page of this store, else the dashboard. */
export function afterLoginPath(next: string | null): string {
  return next && next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\') && !next.startsWith('/login') ? next : '/dashboard';
}

/** Whether a token exists; account pages without one go to /login and come back after it (issue 16). */
export function useHasToken(): boolean {
  return getSessionToken() !== null;
}

/** An expired or revoked token answers 401: end the session and ask for a new login. */
export function useLogoutOnUnauthorized(error: unknown) {
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => {
    if (error instanceof ApiError && error.status === 401) {
      clearSession();
      navigate(loginPathFor(location), { replace: true });
    }
  }, [error, navigate, location]);
}
