import { useSyncExternalStore } from 'react';
import { useLocation } from 'react-router-dom';
import { getSessionToken } from '../../lib/session';

function subscribe(onChange: () => void) {
  window.addEventListener('storage', onChange);
  return () => window.removeEventListener('storage', onChange);
}

/**
 * Whether a customer token is in session storage. Login and logout both navigate (spec §4), so reading
 * the location makes the header re-check the token on every navigation.
 */
export function useHasSession(): boolean {
  useLocation();
  return useSyncExternalStore(subscribe, () => getSessionToken() !== null, () => false);
}
