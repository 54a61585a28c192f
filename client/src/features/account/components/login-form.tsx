import { t } from '../../../lib/i18n/locale';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { useUserLogin } from '../api/user-login';
import type { SignedIn } from '../api/types';
import { AccountForm } from './account-form';

/** Login (spec §2): email, password with show/hide, forgot-password and sign-up links; §8 failure texts. */
export function LoginForm({ onSignedIn }: { onSignedIn: (signedIn: SignedIn) => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [show, setShow] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState('');
  const login = useUserLogin();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setErrors({});
    setFormError('');
    try {
      const signedIn = await login.mutateAsync({ email: email.trim(), password });
      onSignedIn(signedIn);
    } catch (error) {
      if (error instanceof ApiError && !error.isNetworkError) {
        const fields = error.firstFieldErrors;
        setErrors(fields);
        // A refusal that is not about the password (too many attempts, the service busy) says what it is.
        const other = error.status !== 401 && error.status !== 422 ? error.serverMessage : undefined;
        setFormError(other ?? fields.account ?? (fields.email || fields.password ? '' : t('account.invalidLogin')));
      } else {
        setFormError(t('account.network'));
      }
    }
  }

  return (
    <AccountForm onSubmit={submit} failure={formError}>
      <TextField label={t('account.email')} type="email" name="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} error={errors.email} />
      <TextField
        label={t('account.password')}
        type={show ? 'text' : 'password'}
        name="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={errors.password}
        after={
          <button type="button" className="button button--secondary" aria-pressed={show} onClick={() => setShow((s) => !s)}>
            {show ? t('account.hide') : t('account.show')}
            <span className="visually-hidden">{t('account.passwordHidden')}</span>
          </button>
        }
      />
      <button type="submit" className="button" disabled={login.isPending}>
        {login.isPending ? t('account.loggingIn') : t('account.login')}
      </button>
      <p className="auth-links">
        <Link to="/forget-password">{t('account.forgot')}</Link>
        <Link to="/register">{t('account.signUp')}</Link>
      </p>
      <p>
        <Link to="/find-account-using-phone">{t('account.findByPhone')}</Link>
      </p>
    </AccountForm>
  );
}
