import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ApiError } from '../../../lib/api-client';
import { getLocale, t } from '../../../lib/i18n/locale';
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
    if (!window.confirm(t('me.deleteConfirm'))) return;
    remove.mutate(password, { onSuccess: (answer) => onDeleted(getLocale() === 'en' ? answer.message : t('me.deletedDone')) });
  };
  const alert = useRef<HTMLParagraphElement>(null);
  // Issue 32: the refusal (an order still on its way, in the shopper's language) is brought above the phone's
  // bottom bar, where it was half hidden.
  useEffect(() => {
    if (remove.error) alert.current?.scrollIntoView({ block: 'center' });
  }, [remove.error]);
  const error = remove.error instanceof ApiError ? (remove.error.fieldErrors.password?.[0] ?? remove.error.serverMessage ?? t('me.deleteFailed')) : remove.error ? t('me.deleteFailedNetwork') : null;
  return (
    <form className="delete-account" onSubmit={submit} aria-labelledby="delete-account-title">
      <h2 id="delete-account-title" className="section-title">
        {t('me.deleteTitle')}
      </h2>
      <p>{t('me.deleteText')}</p>
      <label className="field">
        <span className="field__label">{t('me.yourPassword')}</span>
        <input className="field__input" type="password" autoComplete="current-password" value={password} onChange={(event) => setPassword(event.target.value)} required />
      </label>
      <button type="submit" className="button" disabled={remove.isPending || !password}>
        {remove.isPending ? t('me.deleting') : t('me.deleteTitle')}
      </button>
      {error && (
        <p ref={alert} className="notice notice--error delete-account__error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
