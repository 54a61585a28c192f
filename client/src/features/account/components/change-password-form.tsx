import { useState, type FormEvent } from 'react';
import { showToast } from '../../../components/feedback/feedback-store';
import { TextField } from '../../../components/ui/text-field';
import { useUpdatePassword } from '../api/update-password';
import type { SignedIn } from '../api/types';
import { AccountForm, alertFailure } from './account-form';

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
      showToast({ kind: 'success', title: answer.message ?? 'Your password has been changed.' });
    } catch (error) {
      await alertFailure(error);
    }
  }

  return (
    <AccountForm onSubmit={submit}>
      <TextField label="New Password" type="password" name="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} />
      <TextField label="Confirm Password" type="password" name="password_confirmation" autoComplete="new-password" value={confirmation} onChange={(e) => setConfirmation(e.target.value)} />
      <button type="submit" className="button" disabled={update.isPending}>
        {update.isPending ? 'Saving…' : 'Change Password'}
      </button>
    </AccountForm>
  );
}
