import { useState, type FormEvent } from 'react';
import { showAlert } from '../../../components/feedback/feedback-store';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { DURATIONS } from '../../../lib/durations';
import { useSendForgetPasswordMail } from '../api/send-forget-password-mail';

/** Forget Password (spec §2, §4, §8): e-mail, "Send Mail"; success alert for 8 s, then the caller goes to /login. */
export function ForgetPasswordForm({ onSent }: { onSent: () => void }) {
  const [email, setEmail] = useState('');
  const send = useSendForgetPasswordMail();

  async function submit(event: FormEvent) {
    event.preventDefault();
    try {
      const answer = await send.mutateAsync({ email: email.trim(), host: window.location.origin });
      await showAlert({ kind: 'success', title: 'Check your email', text: answer?.message ?? 'We have sent you a password reset link.', timer: DURATIONS.longAlert });
      onSent();
    } catch (error) {
      if (!(error instanceof ApiError) || error.isNetworkError) {
        await showAlert({ kind: 'error', title: 'Network Error', text: 'An unknown error occurred. Please try again later.' });
      } else if (error.status === 422) {
        const first = Object.values(error.fieldErrors)[0]?.[0];
        await showAlert({ kind: 'error', title: 'Validation Error', text: first ?? error.serverMessage ?? 'Something went wrong.' });
      } else {
        await showAlert({ kind: 'error', title: 'Error', text: error.serverMessage ?? 'Something went wrong.' });
      }
    }
  }

  return (
    <form className="form card" onSubmit={(e) => void submit(e)}>
      <TextField label="Email" type="email" name="email" required autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
      <button type="submit" className="button" disabled={send.isPending}>
        {send.isPending ? 'Sending…' : 'Send Mail'}
      </button>
    </form>
  );
}
