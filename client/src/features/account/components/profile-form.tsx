import { normalizePhone } from '../../../../../contracts/phone';
import { useState, type FormEvent } from 'react';
import { showToast } from '../../../components/feedback/feedback-store';
import { TextField } from '../../../components/ui/text-field';
import { t } from '../../../lib/i18n/locale';
import { useUpdateUserFrontend } from '../api/update-user-frontend';
import type { AccountUser } from '../api/types';
import { AccountForm, alertFailure } from './account-form';

/** Profile (spec §2): editable name; e-mail and phone read-only. */
export function ProfileForm({ user, onUpdated }: { user: AccountUser; onUpdated: (user: AccountUser) => void }) {
  const [name, setName] = useState(user.name);
  const update = useUpdateUserFrontend();

  async function submit(event: FormEvent) {
    event.preventDefault();
    try {
      const answer = await update.mutateAsync({ name: name.trim(), phone_number: normalizePhone(user.phone_number ?? '') });
      onUpdated(answer.user ?? { ...user, name: name.trim() });
      showToast({ kind: 'success', title: t('me.updated') });
    } catch (error) {
      await alertFailure(error);
    }
  }

  return (
    <AccountForm onSubmit={submit}>
      <TextField label={t('me.name')} name="name" autoComplete="name" value={name} onChange={(e) => setName(e.target.value)} />
      <TextField label={t('me.email')} name="email" value={user.email} readOnly />
      <TextField label={t('me.phone')} name="phone_number" value={user.phone_number ?? ''} readOnly />
      <button type="submit" className="button" disabled={update.isPending}>
        {update.isPending ? t('me.saving') : t('me.updateProfile')}
      </button>
    </AccountForm>
  );
}
