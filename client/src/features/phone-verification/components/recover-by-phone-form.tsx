import { useState } from 'react';
import { showToast } from '../../../components/feedback/feedback-store';
import { TextField } from '../../../components/ui/text-field';
import { useResetPasswordByPhone } from '../api/reset-password-by-phone';
import { t, useMessages } from '../../../lib/i18n/locale';
import { phoneMessages } from '../../../lib/i18n/messages/phone';
import { PhoneCodeForm } from './phone-code-form';

/** Recovery by phone (issue 17): a code by SMS to the account's phone, then a new password with it. */
export function RecoverByPhoneForm({ onReset }: { onReset: () => void }) {
  useMessages(phoneMessages);
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const reset = useResetPasswordByPhone();
  return (
    <>
      <p>{t('phone.recoverIntro')}</p>
      <PhoneCodeForm
        purpose="recovery"
        submitLabel={t('phone.resetSubmit')}
        busyLabel={t('phone.resetting')}
        busy={reset.isPending}
        onSubmit={async (phone, code) => {
          const answer = await reset.mutateAsync({ phone, code, password, password_confirmation: confirmation });
          showToast({ kind: 'success', title: answer.message ?? t('phone.recoverDone') });
          onReset();
        }}
        extraFields={(errors) => (
          <>
            <TextField label={t('phone.newPassword')} type="password" name="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} error={errors.password} />
            <TextField
              label={t('phone.confirmPassword')}
              type="password"
              name="password_confirmation"
              autoComplete="new-password"
              value={confirmation}
              onChange={(e) => setConfirmation(e.target.value)}
              error={errors.password_confirmation}
            />
          </>
        )}
      />
    </>
  );
}
