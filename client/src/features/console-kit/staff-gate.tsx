import { useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { TextField } from '../../components/ui/text-field';
import { useStaffLogin } from './staff-login';
import { fieldErrors } from './query-state';
import { ApiError } from '../../lib/api-client';
import { t, useMessages } from '../../lib/i18n/locale';
import { staffMessages } from '../../lib/i18n/messages/staff';
import { useStaffSession } from './staff-session-context';
import './console.css';

/**
 * Renders the console only for care and admin. The server checks the role on every call; this only spares
 * shoppers a console full of "forbidden" answers.
 */
export function StaffGate({ children }: { children: ReactNode }) {
  useMessages(staffMessages);
  const { token, staffRole, user } = useStaffSession();
  if (staffRole) return <>{children}</>;
  return (
    <main id="main" className="admin-gate">
      <title>{`${t('staff.gate.title')} · TeeBazaar`}</title>
      <meta name="robots" content="noindex" />
      <h1 className="page__title">{t('staff.gate.title')}</h1>
      {token ? (
        <p className="notice" role="status">
          {t('staff.gate.notStaff', { name: user?.name || '—' })} <Link to="/">{t('staff.gate.shop')}</Link>
        </p>
      ) : (
        <p className="muted">{t('staff.gate.intro')}</p>
      )}
      <StaffLoginForm />
    </main>
  );
}

/**
 * The console's sign-in. A refusal is shown in words, in the console's language: the server's message for a
 * wrong pair ("Invalid username or password.", answered under the `account` field, which this form has no
 * input for), for too many attempts or a busy service; a network failure says so.
 */
export function StaffLoginForm() {
  const { signedIn } = useStaffSession();
  const login = useStaffLogin();
  const [notStaff, setNotStaff] = useState(false);
  const errors = fieldErrors(login.error);
  const failure = login.isError ? loginFailure(login.error, errors) : '';

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setNotStaff(false);
    login.mutate(
      { email: String(form.get('email') ?? '').trim(), password: String(form.get('password') ?? '') },
      {
        onSuccess: ({ user, access_token }) => {
          // A customer's login is not kept: the console would refuse them anyway.
          if (user.role !== 'care' && user.role !== 'admin') return setNotStaff(true);
          signedIn(access_token, { id: user.id, name: user.name, email: user.email, role: user.role });
        },
      },
    );
  };

  return (
    <form className="form card admin-login" onSubmit={submit} noValidate aria-labelledby="staff-login-title">
      <h2 id="staff-login-title" className="section-title">
        {t('staff.login.title')}
      </h2>
      <TextField label={t('staff.login.email')} name="email" type="email" autoComplete="username" required error={errors.email} />
      <TextField label={t('staff.login.password')} name="password" type="password" autoComplete="current-password" required error={errors.password} />
      {failure && (
        <p className="notice notice--error" role="alert">
          {failure}
        </p>
      )}
      {notStaff && (
        <p className="notice notice--error" role="alert">
          {t('staff.login.notStaff')}
        </p>
      )}
      <button type="submit" className="button" disabled={login.isPending}>
        {login.isPending ? t('staff.login.pending') : t('staff.login.submit')}
      </button>
      <p>
        <Link to="/forget-password">{t('staff.login.forgot')}</Link>
      </p>
    </form>
  );
}

/** What to say above the button: every refusal but a field's own message (e-mail, password) that shows under it. */
function loginFailure(error: unknown, fields: Record<string, string>): string {
  if (!(error instanceof ApiError) || error.isNetworkError) return t('staff.login.network');
  if (fields.account) return fields.account;
  if (fields.email || fields.password) return '';
  return error.serverMessage ?? t('staff.login.failed');
}

/** Admin-only screens, for a care user who typed the address. */
export function AdminOnly({ page }: { page: ReactNode }) {
  const { staffRole } = useStaffSession();
  if (staffRole === 'admin') return <>{page}</>;
  return (
    <section>
      <h1 className="page__title">Administrators only</h1>
      <p className="notice">This screen is for administrators. Customer care can use Orders, Instant order and Stock.</p>
    </section>
  );
}
