import { getLocale, t, useMessages } from '../../lib/i18n/locale';
import { phoneMessages } from '../../lib/i18n/messages/phone';
import { accountMessages } from '../../lib/i18n/messages/account';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { showToast } from '../../components/feedback/feedback-store';
import { LoginForm } from '../../features/account/components/login-form';
import { RegisterForm } from '../../features/account/components/register-form';
import type { SignedIn } from '../../features/account/api/types';
import { getSessionToken, setSession } from '../../lib/session';
import { afterLoginPath } from '../account/use-session-guard';

function storeSession(signedIn: Partial<SignedIn>): boolean {
  if (!signedIn.access_token || !signedIn.user) return false;
  setSession(signedIn.access_token, { name: signedIn.user.name, email: signedIn.user.email, phone_number: signedIn.user.phone_number ?? null });
  return true;
}

/** /login (spec §2, §4): stores token and user, then /dashboard. */
export function LoginRoute() {
  useMessages(accountMessages, phoneMessages);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = afterLoginPath(params.get('next'));
  if (getSessionToken()) return <Navigate to={next} replace />;
  return (
    <div className="container page narrow">
      <title>{t('account.login')}</title>
      <h1 className="page__title">{t('account.login')}</h1>
      <LoginForm
        onSignedIn={(signedIn) => {
          storeSession(signedIn);
          navigate(next, { replace: true });
        }}
      />
    </div>
  );
}

/** /register and /referral?code= (spec §2): the same screen; the invite code comes from the link. */
export function RegisterRoute() {
  useMessages(accountMessages, phoneMessages);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return (
    <div className="container page narrow">
      <title>{t('account.registerTitle')}</title>
      <h1 className="page__title">{t('account.createHeading')}</h1>
      <RegisterForm
        inviteCode={params.get('code') ?? ''}
        onRegistered={(answer) => {
          showToast({ kind: 'success', title: getLocale() === 'en' ? (answer.message ?? t('account.created')) : t('account.created') });
          navigate(storeSession(answer) ? '/dashboard' : '/login');
        }}
      />
    </div>
  );
}
