import { useState, type FormEvent } from 'react';
import { ApiError } from '../../../lib/api-client';
import { useDeleteAccount } from '../api/delete-account';

/**
 * Dashboard (issue 21): the customer deletes their account after typing their password. While an order is
 * still on its way the store says which and keeps the account; `onDeleted` ends the session.
 */
export function DeleteAccountForm({ onDeleted }: { onDeleted: (message: string) => void }) {
  const remove = useDeleteAccount();
  const [password, setPassword] = useState('');
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!window.confirm('Delete your account and every personal detail we keep? This cannot be undone.')) return;
    remove.mutate(password, { onSuccess: (answer) => onDeleted(answer.message) });
  };
  const error = remove.error instanceof ApiError ? (remove.error.fieldErrors.password?.[0] ?? remove.error.serverMessage ?? 'Your account could not be deleted.') : remove.error ? 'Your account could not be deleted. Please check your connection and try again.' : null;
  return (
    <form className="delete-account" onSubmit={submit} aria-labelledby="delete-account-title">
      <h2 id="delete-account-title" className="section-title">
        Delete my account
      </h2>
      <p>Your name, phone numbers, e-mail and addresses are erased from the store for good. Past orders stay in our books without them.</p>
      <label className="field">
        <span className="field__label">Your password</span>
        <input className="field__input" type="password" autoComplete="current-password" value={password} onChange={(event) => setPassword(event.target.value)} required />
      </label>
      <button type="submit" className="button" disabled={remove.isPending || !password}>
        {remove.isPending ? 'Deleting…' : 'Delete my account'}
      </button>
      {error && (
        <p className="notice notice--error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
