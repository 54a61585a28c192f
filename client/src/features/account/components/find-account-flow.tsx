import { useState, type FormEvent } from 'react';
import { showAlert, showToast } from '../../../components/feedback/feedback-store';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { mobilePhoneOf, normalizePhone } from '../../../../../contracts/phone';
import { DURATIONS } from '../../../lib/durations';
import { useFindAccount } from '../api/find-account';
import { useSendVerifyMail } from '../api/send-verify-mail';

/** Find Account Using Phone (spec §2, §4): phone, then e-mail, then a verification mail; the caller goes to /login. */
export function FindAccountFlow({ onMailSent }: { onMailSent: () => void }) {
  const [phone, setPhone] = useState('');
  const [email, setEmail] = useState('');
  const [found, setFound] = useState(false);
  const find = useFindAccount();
  const send = useSendVerifyMail();

  async function submitPhone(event: FormEvent) {
    event.preventDefault();
    try {
      const answer = await find.mutateAsync(normalizePhone(phone));
      showToast({ kind: 'success', title: answer?.message ?? 'Account found!' });
      setFound(true);
    } catch (error) {
      await showAlert({ kind: 'error', title: 'Account not found.', text: error instanceof ApiError && error.serverMessage ? error.serverMessage : 'Account not found.' });
    }
  }

  async function submitEmail(event: FormEvent) {
    event.preventDefault();
    try {
      await send.mutateAsync({ email: email.trim(), phone: normalizePhone(phone), host: window.location.origin });
      await showAlert({ kind: 'success', title: 'Email sent', text: "We've sent a verification email. Please check your inbox or spam folder.", timer: DURATIONS.longAlert });
      onMailSent();
    } catch (error) {
      const text = error instanceof ApiError && !error.isNetworkError ? (error.serverMessage ?? 'Failed to send..') : 'An error occurred. Please try again.';
      await showAlert({ kind: 'error', title: 'Error', text });
    }
  }

  return found ? (
    <form className="form card" onSubmit={(e) => void submitEmail(e)}>
      <p>
        We found an account for <strong>{normalizePhone(phone)}</strong>. Enter the e-mail address to verify.
      </p>
      <TextField label="Email" type="email" name="email" required autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
      <button type="submit" className="button" disabled={send.isPending}>
        {send.isPending ? 'Sending…' : 'Send verification mail'}
      </button>
    </form>
  ) : (
    <form className="form card" onSubmit={(e) => void submitPhone(e)}>
      <TextField
        label="Phone number"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        name="phone"
        required
        value={phone}
        onChange={(e) => setPhone(e.target.value)}
        onBlur={(e) => setPhone(mobilePhoneOf(e.target.value) ?? e.target.value)}
      />
      <button type="submit" className="button" disabled={find.isPending}>
        {find.isPending ? 'Searching…' : 'Find Account'}
      </button>
    </form>
  );
}
