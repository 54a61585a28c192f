import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { getLocale, t, useMessages } from '../../../lib/i18n/locale';
import { staffMessages } from '../../../lib/i18n/messages/staff';
import { Loading } from '../../console-kit/query-state';
import { useStaffSession } from '../../console-kit/staff-session-context';
import { useAcceptInvitation, useInvitation } from '../api/staff';
import '../../console-kit/console.css';

/** "27 Nov 2026, 14:05" in Dhaka time, in the console's language. */
export function invitationDate(iso: string): string {
  return new Intl.DateTimeFormat(getLocale() === 'bn' ? 'bn-BD' : 'en-GB', {
    timeZone: 'Asia/Dhaka',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(iso));
}

/**
 * /admin/invitation/:token, the link of the invitation mail (issue 31): greets the member by name and role, takes
 * a password twice, and signs them in to /admin. A used, replaced, withdrawn or expired link says so and how to
 * get a new one.
 */
export function InvitationPage() {
  useMessages(staffMessages);
  const { token = '' } = useParams();
  const invitation = useInvitation(token);
  const accept = useAcceptInvitation();
  const { signedIn } = useStaffSession();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const errors = accept.error instanceof ApiError ? accept.error.firstFieldErrors : {};
  const dead = (invitation.error instanceof ApiError && invitation.error.isClientError) || (accept.error instanceof ApiError && accept.error.code === 'invitation-expired');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    accept.mutate(
      { token, password, password_confirmation: confirmation },
      {
        onSuccess: ({ user, access_token }) => {
          signedIn(access_token, { id: user.id, name: user.name, email: user.email, role: user.role });
          navigate('/admin', { replace: true });
        },
      },
    );
  };

  return (
    <main id="main" className="admin-gate">
      <title>{`${t('staff.invite.title')} · TeeBazaar`}</title>
      <meta name="robots" content="noindex" />
      <meta name="referrer" content="no-referrer" />
      <h1 className="page__title">{dead ? t('staff.invite.dead') : t('staff.invite.title')}</h1>
      {dead ? (
        <div className="notice notice--error" role="alert">
          <p>{t('staff.invite.deadHelp')}</p>
          <p>
            <Link to="/admin">{t('staff.invite.login')}</Link>
          </p>
        </div>
      ) : invitation.isPending ? (
        <Loading label={t('staff.invite.checking')} />
      ) : invitation.isError || !invitation.data ? (
        <p className="notice notice--error" role="alert">
          {invitation.error instanceof ApiError ? (invitation.error.serverMessage ?? invitation.error.message) : t('staff.login.network')}
        </p>
      ) : (
        <form className="form card admin-login" onSubmit={submit} noValidate aria-labelledby="invite-form-title">
          <p id="invite-form-title" className="section-title">
            {t('staff.invite.welcome', { name: invitation.data.name, role: t(invitation.data.role === 'admin' ? 'staff.role.admin' : 'staff.role.care') })}
          </p>
          <p className="muted">{t('staff.invite.account', { email: invitation.data.email })}</p>
          <p className="muted">{t('staff.invite.until', { date: invitationDate(invitation.data.expires_at) })}</p>
          {/* The e-mail, for the browser's password manager to save the pair. */}
          <input type="email" name="username" autoComplete="username" value={invitation.data.email} readOnly hidden />
          <TextField
            label={t('staff.invite.password')}
            name="password"
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            hint={t('staff.invite.hint')}
            error={errors.password}
            required
          />
          <TextField
            label={t('staff.invite.confirm')}
            name="password_confirmation"
            type="password"
            autoComplete="new-password"
            value={confirmation}
            onChange={(e) => setConfirmation(e.target.value)}
            error={errors.password_confirmation}
            required
          />
          {accept.isError && !errors.password && !errors.password_confirmation && (
            <p className="notice notice--error" role="alert">
              {accept.error instanceof ApiError && !accept.error.isNetworkError ? (accept.error.serverMessage ?? accept.error.message) : t('staff.login.network')}
            </p>
          )}
          <button type="submit" className="button" disabled={accept.isPending}>
            {accept.isPending ? t('staff.invite.pending') : t('staff.invite.submit')}
          </button>
        </form>
      )}
    </main>
  );
}
