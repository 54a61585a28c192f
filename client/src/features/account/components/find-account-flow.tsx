import { useState, type FormEvent } from 'react';
import { showAlert, showToast } from '../../../components/feedback/feedback-store';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { mobilePhoneOf, normalizePhone } from '../../../../../contracts/phone';
import { DURATIONS } from '../../../lib/durations';
import { localDigits, t } from '../../../lib/i18n/locale';
import { useFindAccount } from '../api/find-account';
import { useSendVerifyMail } from '../api/send-verify-mail';
import { successText } from './account-form';

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
      showToast({ kind: 'success', title: successText(answer?.message, 'rec.found') });
      setFound(true);
    } catch (error) {
      await showAlert({ kind: 'error', title: t('rec.notFound'), text: error instanceof ApiError && error.serverMessage ? error.serverMessage : t('rec.notFound') });
    }
  }

  async function submitEmail(event: FormEvent) {
    event.preventDefault();
    try {
      await send.mutateAsync({ email: email.trim(), phone: normalizePhone(phone), host: window.location.origin });
      await showAlert({ kind: 'success', title: t('rec.emailSent'), text: t('rec.verifySent'), timer: DURATIONS.longAlert });
      onMailSent();
    } catch (error) {
      const text = error instanceof ApiError && !error.isNetworkError ? (error.serverMessage ?? t('rec.sendFailed')) : t('rec.tryAgain');
      await showAlert({ kind: 'error', title: t('rec.error'), text });
    }
  }

  return found ? (
    <form className="form card" onSubmit={(e) => void submitEmail(e)}>
      <p>
        {t('rec.foundFor')}
        <strong>{localDigits(normalizePhone(phone))}</strong>
        {t('rec.enterEmail')}
      </p>
      <TextField label={t('rec.email')} type="email" name="email" required autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
      <button type="submit" className="button" disabled={send.isPending}>
        {send.isPending ? t('rec.sending') : t('rec.sendVerify')}
      </button>
    </form>
  ) : (
    <form className="form card" onSubmit={(e) => void submitPhone(e)}>
      <TextField
        label={t('rec.phone')}
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
        {find.isPending ? t('rec.searching') : t('rec.find')}
      </button>
    </form>
  );
}
