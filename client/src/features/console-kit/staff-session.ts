import { clearSession, getSessionToken, setSession, type SessionUser } from '../../lib/session';

// lib/session's SESSION_USER_KEY; importing the constant would add an export to the storefront's initial
// api-client chunk, and the console must not add a byte to what shoppers download.
const USER_KEY = 'user';

export type StaffRole = 'care' | 'admin';

export interface StaffUser {
  id: string | number | null;
  name: string;
  email: string;
  /** Absent when the storefront's login stored the user (it keeps only name, email and phone). */
  role: string | null;
}

export interface StaffSession {
  token: string | null;
  user: StaffUser | null;
  /** care or admin when the stored user says so; null for customers and unknown roles. */
  staffRole: StaffRole | null;
}

export function readStaffSession(): StaffSession {
  const token = getSessionToken();
  let user: StaffUser | null = null;
  try {
    const parsed: unknown = JSON.parse(window.sessionStorage.getItem(USER_KEY) ?? 'null');
    if (typeof parsed === 'object' && parsed !== null) {
      const raw = parsed as Record<string, unknown>;
      user = {
        id: typeof raw.id === 'string' || typeof raw.id === 'number' ? raw.id : null,
        name: typeof raw.name === 'string' ? raw.name : '',
        email: typeof raw.email === 'string' ? raw.email : '',
        role: typeof raw.role === 'string' ? raw.role : null,
      };
    }
  } catch {
    user = null;
  }
  const role = user?.role;
  return { token, user, staffRole: token && (role === 'care' || role === 'admin') ? role : null };
}

/** The storefront's session, plus the role, which the console needs to choose its links. */
export function storeStaffSession(token: string, user: StaffUser): void {
  const stored: SessionUser & StaffUser = { phone_number: null, ...user };
  setSession(token, stored);
}

export function clearStaffSession(): void {
  clearSession();
}
