import { useState, type FormEvent } from 'react';
import { showAlert, showToast } from '../../../components/feedback/feedback-store';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { t } from '../../../lib/i18n/locale';
import { useUpdateVerifyMail } from '../api/update-verify-mail';
import { successText } from './account-form';
import { LinkUsed } from './reset-password-form';

/** Update your email (spec §2, §8): on success the caller goes to /login. */
export function VerifyEmailForm({ id, onVerified }: { id: string; onVerified: () => void }) {
  const [email, setEmail] = useState('');
  const [linkUsed, setLinkUsed] = useState(false);
  const update = useUpdateVerifyMail();

  async function submit(event: FormEvent) {
    event.preventDefault();
    try {
      const answer = await update.mutateAsync({ email: email.trim(), id });
      showToast({ kind: 'success', title: successText(answer?.message, 'rec.emailUpdated') });
      onVerified();
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) {
        await showAlert({ kind: 'error', title: t('rec.validation'), items: Object.values(error.fieldErrors).flat() });
      } else if (error instanceof ApiError && error.status === 400) {
        setLinkUsed(true);
      } else {
        await showAlert({ kind: 'error', title: t('rec.error'), text: error instanceof ApiError && error.serverMessage ? error.serverMessage : t('rec.sendFailedShort') });
      }
    }
  }

  if (linkUsed) return <LinkUsed request={{ to: '/find-account-using-phone', label: t('rec.newVerify') }} />;

  return (
    <form className="form card" onSubmit={(e) => void submit(e)}>
      <TextField label={t('rec.email')} type="email" name="email" required autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
      <button type="submit" className="button" disabled={update.isPending}>
        {t('rec.updateEmail')}
      </button>
    </form>
  );
}
