import { useState, type FormEvent } from 'react';
import { showToast } from '../../../components/feedback/feedback-store';
import { TextField } from '../../../components/ui/text-field';
import { t } from '../../../lib/i18n/locale';
import { useUpdatePassword } from '../api/update-password';
import type { SignedIn } from '../api/types';
import { AccountForm, alertFailure, successText } from './account-form';

/** Change password (spec §2): new password and confirmation; 422 → "Validation Errors" dialog. */
export function ChangePasswordForm({ onChanged }: { onChanged: (answer: Partial<SignedIn>) => void }) {
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const update = useUpdatePassword();

  async function submit(event: FormEvent) {
    event.preventDefault();
    try {
      const answer = await update.mutateAsync({ password, password_confirmation: confirmation });
      setPassword('');
      setConfirmation('');
      onChanged(answer);
      showToast({ kind: 'success', title: successText(answer.message, 'me.passwordChanged') });
    } catch (error) {
      await alertFailure(error);
    }
  }

  return (
    <AccountForm onSubmit={submit}>
      <TextField label={t('me.newPassword')} type="password" name="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} />
      <TextField label={t('me.confirmPassword')} type="password" name="password_confirmation" autoComplete="new-password" value={confirmation} onChange={(e) => setConfirmation(e.target.value)} />
      <button type="submit" className="button" disabled={update.isPending}>
        {update.isPending ? t('me.saving') : t('me.changePassword')}
      </button>
    </AccountForm>
  );
}
