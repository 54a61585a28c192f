import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '../../lib/api-client';
import { clearSession, getSessionToken } from '../../lib/session';

/** Whether a token exists; account pages without one redirect to / (spec §4). */
export function useHasToken(): boolean {
  return getSessionToken() !== null;
}

/** An expired or revoked token answers 401: end the session and ask for a new login. */
export function useLogoutOnUnauthorized(error: unknown) {
  const navigate = useNavigate();
  useEffect(() => {
    if (error instanceof ApiError && error.status === 401) {
      clearSession();
      navigate('/login', { replace: true });
    }
  }, [error, navigate]);
}
