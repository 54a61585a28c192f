import { useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { TextField } from '../../components/ui/text-field';
import { useStaffLogin } from './staff-login';
import { errorMessage, fieldErrors } from './query-state';
import { useStaffSession } from './staff-session-context';
import './console.css';

/**
 * Renders the console only for care and admin. The server checks the role on every call; this only spares
 * shoppers a console full of "forbidden" answers.
 */
export function StaffGate({ children }: { children: ReactNode }) {
  const { token, staffRole, user } = useStaffSession();
  if (staffRole) return <>{children}</>;
  return (
    <main id="main" className="admin-gate">
      <title>Staff only · TeeBazaar</title>
      <meta name="robots" content="noindex" />
      <h1 className="page__title">Staff only</h1>
      {token ? (
        <p className="notice" role="status">
          {user?.name ? `${user.name}, this` : 'This'} area is for TeeBazaar customer care and administrators. Your account cannot
          open it. Log in with a staff account below, or go back to the <Link to="/">shop</Link>.
        </p>
      ) : (
        <p className="muted">The operations console is for customer care and administrators. Log in with your staff account.</p>
      )}
      <StaffLoginForm />
    </main>
  );
}

function StaffLoginForm() {
  const { signedIn } = useStaffSession();
  const login = useStaffLogin();
  const [notStaff, setNotStaff] = useState(false);
  const errors = fieldErrors(login.error);

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
        Staff login
      </h2>
      <TextField label="Email" name="email" type="email" autoComplete="username" required error={errors.email} />
      <TextField label="Password" name="password" type="password" autoComplete="current-password" required error={errors.password} />
      {login.isError && !Object.keys(errors).length && (
        <p className="notice notice--error" role="alert">
          {errorMessage(login.error)}
        </p>
      )}
      {notStaff && (
        <p className="notice notice--error" role="alert">
          That account is not a staff account.
        </p>
      )}
      <button type="submit" className="button" disabled={login.isPending}>
        {login.isPending ? 'Logging in…' : 'Log in'}
      </button>
    </form>
  );
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
