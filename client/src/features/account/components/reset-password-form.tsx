import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { showAlert, showToast } from '../../../components/feedback/feedback-store';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { DURATIONS } from '../../../lib/durations';
import { t } from '../../../lib/i18n/locale';
import { useResetPassword } from '../api/reset-password';
import { AccountForm, successText } from './account-form';

/**
 * Reset screen (spec §2, §5, §8): no client checks; 422 errors under each field and in a "Validation Errors"
 * alert. A used or expired link (the server's 400) replaces the form with what happened and a way forward.
 */
export function ResetPasswordForm({ id, onReset }: { id: string; onReset: () => void }) {
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [linkUsed, setLinkUsed] = useState(false);
  const [failure, setFailure] = useState('');
  const reset = useResetPassword();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setErrors({});
    setFailure('');
    try {
      const answer = await reset.mutateAsync({ password, password_confirmation: confirmation, id });
      showToast({ kind: 'success', title: successText(answer?.message, 'rec.resetDone'), duration: DURATIONS.resetToast });
      onReset();
    } catch (error) {
      if (error instanceof ApiError && error.status === 422 && !error.fieldErrors.id) {
        setErrors(error.firstFieldErrors);
        await showAlert({ kind: 'error', title: t('rec.validations'), items: Object.values(error.fieldErrors).flat() });
      } else if (error instanceof ApiError && (error.status === 400 || error.status === 404 || error.status === 410 || error.status === 422)) {
        setLinkUsed(true);
      } else if (error instanceof ApiError && !error.isNetworkError) {
        setFailure(error.serverMessage ?? t('rec.somethingWrongRetry'));
      } else {
        setFailure(t('rec.network'));
      }
    }
  }

  if (linkUsed) return <LinkUsed request={{ to: '/forget-password', label: t('rec.requestNew') }} />;

  return (
    <AccountForm onSubmit={submit} failure={failure}>
      <TextField label={t('rec.newPassword')} type="password" name="new_password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} error={errors.new_password} />
      <TextField label={t('rec.confirmPassword')} type="password" name="new_password_confirmation" autoComplete="new-password" value={confirmation} onChange={(e) => setConfirmation(e.target.value)} error={errors.new_password_confirmation} />
      <button type="submit" className="button" disabled={reset.isPending}>
        {t('rec.submit')}
      </button>
    </AccountForm>
  );
}

/** A mailed link that no longer works: what happened, and the button that mails a new one. */
export function LinkUsed({ request }: { request: { to: string; label: string } }) {
  return (
    <div className="card form" role="alert">
      <h2 className="section-title">{t('rec.linkUsed')}</h2>
      <p>{t('rec.linkUsedText')}</p>
      <p>
        <Link className="button" to={request.to}>
          {request.label}
        </Link>
      </p>
      <p>
        <Link to="/login">{t('rec.backToLogin')}</Link>
      </p>
    </div>
  );
}
