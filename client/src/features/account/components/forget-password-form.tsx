import { useState, type FormEvent } from 'react';
import { showAlert } from '../../../components/feedback/feedback-store';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { DURATIONS } from '../../../lib/durations';
import { t } from '../../../lib/i18n/locale';
import { useSendForgetPasswordMail } from '../api/send-forget-password-mail';
import { successText } from './account-form';

/** Forget Password (spec §2, §4, §8): e-mail, "Send Mail"; success alert for 8 s, then the caller goes to /login. */
export function ForgetPasswordForm({ onSent }: { onSent: () => void }) {
  const [email, setEmail] = useState('');
  const send = useSendForgetPasswordMail();

  async function submit(event: FormEvent) {
    event.preventDefault();
    try {
      const answer = await send.mutateAsync({ email: email.trim(), host: window.location.origin });
      await showAlert({ kind: 'success', title: t('rec.checkEmail'), text: successText(answer?.message, 'rec.resetSent'), timer: DURATIONS.longAlert });
      onSent();
    } catch (error) {
      if (!(error instanceof ApiError) || error.isNetworkError) {
        await showAlert({ kind: 'error', title: t('rec.networkTitle'), text: t('rec.unknown') });
      } else if (error.status === 422) {
        const first = Object.values(error.fieldErrors)[0]?.[0];
        await showAlert({ kind: 'error', title: t('rec.validation'), text: first ?? error.serverMessage ?? t('rec.somethingWrong') });
      } else {
        await showAlert({ kind: 'error', title: t('rec.error'), text: error.serverMessage ?? t('rec.somethingWrong') });
      }
    }
  }

  return (
    <form className="form card" onSubmit={(e) => void submit(e)}>
      <TextField label={t('rec.email')} type="email" name="email" required autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
      <button type="submit" className="button" disabled={send.isPending}>
        {send.isPending ? t('rec.sending') : t('rec.sendMail')}
      </button>
    </form>
  );
}
