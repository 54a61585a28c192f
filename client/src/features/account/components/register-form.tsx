import { t } from '../../../lib/i18n/locale';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { isEmail } from '../../../lib/digits';
import { mobilePhoneOf, normalizePhone } from '../../../../../contracts/phone';
import { useRegister } from '../api/register';
import type { SignedIn } from '../api/types';
import { AccountForm } from './account-form';

/** Register (spec §2): name, email, password, inviteCode (prefilled from ?code=), and a phone (optional, unverified until a code proves it). */
export function RegisterForm({ inviteCode: initialCode, onRegistered }: { inviteCode: string; onRegistered: (answer: Partial<SignedIn>) => void }) {
  const [values, setValues] = useState({ name: '', email: '', password: '', inviteCode: initialCode, phone_number: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState('');
  const registration = useRegister();
  const set = (key: keyof typeof values, value: string) => setValues((v) => ({ ...v, [key]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFormError('');
    const local: Record<string, string> = {};
    if (!values.name.trim()) local.name = t('account.nameRequired');
    if (!isEmail(values.email)) local.email = t('account.emailInvalid');
    if (!values.password) local.password = t('account.passwordRequired');
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    try {
      const phone = values.phone_number.trim() ? normalizePhone(values.phone_number) : undefined;
      onRegistered(await registration.mutateAsync({ ...values, name: values.name.trim(), email: values.email.trim(), inviteCode: values.inviteCode.trim(), phone_number: phone }));
    } catch (error) {
      if (error instanceof ApiError && !error.isNetworkError) {
        setErrors(error.firstFieldErrors);
        if (Object.keys(error.fieldErrors).length === 0) setFormError(error.serverMessage ?? t('account.somethingWrong'));
      } else {
        setFormError(t('account.network'));
      }
    }
  }

  return (
    <AccountForm onSubmit={submit} failure={formError}>
      <TextField label={t('account.name')} name="name" autoComplete="name" value={values.name} onChange={(e) => set('name', e.target.value)} error={errors.name} />
      <TextField label={t('account.email')} type="email" name="email" autoComplete="email" value={values.email} onChange={(e) => set('email', e.target.value)} error={errors.email} />
      <TextField label={t('account.password')} type="password" name="password" autoComplete="new-password" value={values.password} onChange={(e) => set('password', e.target.value)} error={errors.password} hint={t('account.passwordHint')} />
      <TextField
        label={t('phone.phoneOptional')}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        name="phone_number"
        value={values.phone_number}
        onChange={(e) => set('phone_number', e.target.value)}
        onBlur={(e) => set('phone_number', mobilePhoneOf(e.target.value) ?? e.target.value)}
        error={errors.phone_number}
      />
      <TextField label={t('account.inviteCode')} name="inviteCode" value={values.inviteCode} onChange={(e) => set('inviteCode', e.target.value)} error={errors.inviteCode} />
      <button type="submit" className="button" disabled={registration.isPending}>
        {registration.isPending ? t('account.creating') : t('account.register')}
      </button>
      <p>
        {t('account.haveAccount')}<Link to="/login">{t('account.login')}</Link>
      </p>
    </AccountForm>
  );
}
