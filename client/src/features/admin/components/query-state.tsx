import { ApiError } from '../../../lib/api-client';
import { useStaffSession } from './staff-session-context';

export function Loading({ label = 'Loading…' }: { label?: string }) {
  return (
    <p className="admin-loading" role="status">
      <span className="spinner" aria-hidden="true" /> {label}
    </p>
  );
}

/** A failed call in words: the server's message, or what to do about a 401/403. */
export function ErrorNotice({ error, what }: { error: unknown; what?: string }) {
  const { logOut } = useStaffSession();
  if (error instanceof ApiError && error.status === 401) {
    return (
      <div className="notice notice--error" role="alert">
        <p>Your session has ended. Please log in again.</p>
        <button type="button" className="button" onClick={logOut}>
          Log in again
        </button>
      </div>
    );
  }
  const message =
    error instanceof ApiError
      ? error.status === 403
        ? 'Your account may not do this (staff only).'
        : error.status === 404 && what
          ? `${what} was not found.`
          : error.message
      : 'Something went wrong.';
  return (
    <p className="notice notice--error" role="alert">
      {what && !(error instanceof ApiError && error.status === 404) ? `${what}: ` : ''}
      {message}
    </p>
  );
}

export function errorMessage(error: unknown): string {
  return error instanceof ApiError ? error.message : 'Something went wrong. Please try again.';
}

export function fieldErrors(error: unknown): Record<string, string> {
  return error instanceof ApiError ? error.firstFieldErrors : {};
}
