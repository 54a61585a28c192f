import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { useUserLogin } from '../api/user-login';
import type { SignedIn } from '../api/types';
import { AccountForm, NETWORK_ERROR } from './account-form';

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
        setFormError(other ?? fields.account ?? (fields.email || fields.password ? '' : 'Invalid username or password.'));
      } else {
        setFormError(NETWORK_ERROR);
      }
    }
  }

  return (
    <AccountForm onSubmit={submit} failure={formError}>
      <TextField label="Email" type="email" name="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} error={errors.email} />
      <TextField
        label="Password"
        type={show ? 'text' : 'password'}
        name="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={errors.password}
        after={
          <button type="button" className="button button--secondary" aria-pressed={show} onClick={() => setShow((s) => !s)}>
            {show ? 'Hide' : 'Show'}
            <span className="visually-hidden"> password</span>
          </button>
        }
      />
      <button type="submit" className="button" disabled={login.isPending}>
        {login.isPending ? 'Logging in…' : 'Login'}
      </button>
      <p className="auth-links">
        <Link to="/forget-password">Forgot password?</Link>
        <Link to="/register">Sign up</Link>
      </p>
      <p>
        <Link to="/find-account-using-phone">Find your account using your phone number</Link>
      </p>
    </AccountForm>
  );
}
