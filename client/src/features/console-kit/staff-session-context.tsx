import { useQueryClient } from '@tanstack/react-query';
import { consoleKeys } from './console-keys';
import { createContext, use, useCallback, useMemo, useState, type ReactNode } from 'react';
import { clearStaffSession, readStaffSession, type StaffRole, type StaffSession, type StaffUser } from './staff-session';

interface StaffSessionValue extends StaffSession {
  signedIn(token: string, user: StaffUser): void;
  logOut(): void;
}

const StaffSessionContext = createContext<StaffSessionValue | null>(null);

export function StaffSessionProvider({ children, onSignedIn }: { children: ReactNode; onSignedIn: (token: string, user: StaffUser) => void }) {
  const queryClient = useQueryClient();
  const [session, setSession] = useState(readStaffSession);
  const signedIn = useCallback(
    (token: string, user: StaffUser) => {
      onSignedIn(token, user);
      queryClient.removeQueries({ queryKey: consoleKeys.all });
      setSession(readStaffSession());
    },
    [onSignedIn, queryClient],
  );
  const logOut = useCallback(() => {
    // Signing out ends the server's session: every other tab of the console, and the cookie (ADR 066).
    const token = readStaffSession().token;
    clearStaffSession();
    // At once, so a tab opened before the server's answer does not sign in again from the cookie.
    document.cookie = 'tb_session=; Max-Age=0; Path=/; SameSite=Lax';
    void import('../../lib/session-resume').then((m) => m.endSession(token));
    queryClient.removeQueries({ queryKey: consoleKeys.all });
    setSession(readStaffSession());
  }, [queryClient]);
  const value = useMemo(() => ({ ...session, signedIn, logOut }), [session, signedIn, logOut]);
  return <StaffSessionContext value={value}>{children}</StaffSessionContext>;
}

export function useStaffSession(): StaffSessionValue {
  const value = use(StaffSessionContext);
  if (!value) throw new Error('useStaffSession needs a StaffSessionProvider');
  return value;
}

/** The signed-in staff role; the gate renders children only when there is one. */
export function useStaffRole(): StaffRole {
  return useStaffSession().staffRole ?? 'care';
}
