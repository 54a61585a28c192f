import type { FormEvent, ReactNode } from 'react';
import { ApiError } from '../../lib/api-client';
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

/** A query's three states in one place: loading, failed (in words), or its data handed to `children`. */
export function QueryView<T>({
  query,
  loading,
  what,
  empty,
  children,
}: {
  query: { isPending: boolean; isError: boolean; error: unknown; data: T | undefined };
  loading?: string;
  what: string;
  /** Shown instead of `children` when the answer has nothing to list. */
  empty?: { when: (data: T) => boolean; text: string };
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Loading label={loading} />;
  if (query.isError || query.data === undefined) return <ErrorNotice error={query.error} what={what} />;
  if (empty?.when(query.data)) return <p className="notice">{empty.text}</p>;
  return <>{children(query.data)}</>;
}

/** A failed form submission that no field error explains. */
export function FormError({ error, fields = {} }: { error: unknown; fields?: Record<string, string> }) {
  if (!error || Object.keys(fields).length) return null;
  return (
    <p className="notice notice--error" role="alert">
      {errorMessage(error)}
    </p>
  );
}

/** A card opened over a list (a SKU's stream, a coupon, an event stream): its title takes the focus. */
export function DetailPanel({ id, title, className = 'admin-sku', onClose, children }: { id: string; title: ReactNode; className?: string; onClose: () => void; children: ReactNode }) {
  return (
    <section className={`card ${className}`} aria-labelledby={id}>
      <div className="admin-order-head">
        <h2 id={id} className="section-title" tabIndex={-1} ref={(el) => el?.focus()}>
          {title}
        </h2>
        <button type="button" className="button button--secondary" onClick={onClose}>
          Close
        </button>
      </div>
      {children}
    </section>
  );
}

/**
 * A form's submit handler for a mutation: builds the input from the form's data, sends it, and clears the form
 * once the change is recorded (then calls `onSuccess`, if given).
 */
export function submitTo<Input>(
  mutate: (input: Input, options: { onSuccess: () => void }) => void,
  build: (data: FormData) => Input,
  onSuccess?: () => void,
) {
  return (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    mutate(build(new FormData(form)), {
      onSuccess: () => {
        form.reset();
        onSuccess?.();
      },
    });
  };
}
