import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { isEmail } from '../../../lib/digits';
import { mobilePhoneOf, normalizePhone } from '../../../../../contracts/phone';
import { useRegister } from '../api/register';
import type { SignedIn } from '../api/types';
import { AccountForm, NETWORK_ERROR } from './account-form';

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
    if (!values.name.trim()) local.name = 'The name field is required.';
    if (!isEmail(values.email)) local.email = 'Invalid email format';
    if (!values.password) local.password = 'The password field is required.';
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    try {
      const phone = values.phone_number.trim() ? normalizePhone(values.phone_number) : undefined;
      onRegistered(await registration.mutateAsync({ ...values, name: values.name.trim(), email: values.email.trim(), inviteCode: values.inviteCode.trim(), phone_number: phone }));
    } catch (error) {
      if (error instanceof ApiError && !error.isNetworkError) {
        setErrors(error.firstFieldErrors);
        if (Object.keys(error.fieldErrors).length === 0) setFormError(error.serverMessage ?? 'Something went wrong.');
      } else {
        setFormError(NETWORK_ERROR);
      }
    }
  }

  return (
    <AccountForm onSubmit={submit} failure={formError}>
      <TextField label="Name" name="name" autoComplete="name" value={values.name} onChange={(e) => set('name', e.target.value)} error={errors.name} />
      <TextField label="Email" type="email" name="email" autoComplete="email" value={values.email} onChange={(e) => set('email', e.target.value)} error={errors.email} />
      <TextField label="Password" type="password" name="password" autoComplete="new-password" value={values.password} onChange={(e) => set('password', e.target.value)} error={errors.password} hint="At least 8 characters." />
      <TextField
        label="Phone number (optional)"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        name="phone_number"
        value={values.phone_number}
        onChange={(e) => set('phone_number', e.target.value)}
        onBlur={(e) => set('phone_number', mobilePhoneOf(e.target.value) ?? e.target.value)}
        error={errors.phone_number}
      />
      <TextField label="Invite code (optional)" name="inviteCode" value={values.inviteCode} onChange={(e) => set('inviteCode', e.target.value)} error={errors.inviteCode} />
      <button type="submit" className="button" disabled={registration.isPending}>
        {registration.isPending ? 'Creating your account…' : 'Register'}
      </button>
      <p>
        Already have an account? <Link to="/login">Login</Link>
      </p>
    </AccountForm>
  );
}
