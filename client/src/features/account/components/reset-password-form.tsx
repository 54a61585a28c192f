import { useState, type FormEvent } from 'react';
import { showAlert, showToast } from '../../../components/feedback/feedback-store';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { DURATIONS } from '../../../lib/durations';
import { useResetPassword } from '../api/reset-password';

/** Reset screen (spec §2, §5, §8): no client checks; 422 errors under each field and in a "Validation Errors" alert. */
export function ResetPasswordForm({ id, onReset }: { id: string; onReset: () => void }) {
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const reset = useResetPassword();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setErrors({});
    try {
      const answer = await reset.mutateAsync({ password, password_confirmation: confirmation, id });
      showToast({ kind: 'success', title: answer?.message ?? 'Your password has been reset.', duration: DURATIONS.resetToast });
      onReset();
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) {
        setErrors(error.firstFieldErrors);
        await showAlert({ kind: 'error', title: 'Validation Errors', items: Object.values(error.fieldErrors).flat() });
      } else {
        console.error(error);
      }
    }
  }

  return (
    <form className="form card" onSubmit={(e) => void submit(e)} noValidate>
      <TextField label="New Password" type="password" name="new_password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} error={errors.new_password ?? errors.id} />
      <TextField label="Confirm Password" type="password" name="new_password_confirmation" autoComplete="new-password" value={confirmation} onChange={(e) => setConfirmation(e.target.value)} error={errors.new_password_confirmation} />
      <button type="submit" className="button" disabled={reset.isPending}>
        Submit
      </button>
    </form>
  );
}
