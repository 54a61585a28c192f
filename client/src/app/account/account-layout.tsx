import type { ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { Breadcrumb } from '../../components/ui/breadcrumb';
import { clearSession, getSessionToken, getSessionUser } from '../../lib/session';
import { useQueryClient } from '@tanstack/react-query';
import { accountKeys } from '../../features/account/api/account-keys';
import { AccountSidebar } from '../../features/account/components/account-sidebar';
import { loginPathFor, useHasToken } from './use-session-guard';
import { t, useMessages } from '../../lib/i18n/locale';
import { myaccountMessages } from '../../lib/i18n/messages/myaccount';
import './account.css';

/** The customer area's frame: greeting, side menu, content. Without a token: to /login, and back here after it (issue 16). */
export function AccountLayout({ title, crumbs, children, heading }: { title: string; crumbs?: Array<{ label: string; to?: string }>; children: ReactNode; heading?: ReactNode }) {
  useMessages(myaccountMessages);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const location = useLocation();
  const hasToken = useHasToken();
  if (!hasToken) return <Navigate to={loginPathFor(location)} replace />;
  const user = getSessionUser();
  const logout = () => {
    // The server's session ends too: every other tab, and the cookie a new tab would sign in with (ADR 066).
    const token = getSessionToken();
    clearSession();
    // At once, so a page opened before the server's answer does not sign in again from the cookie.
    document.cookie = 'tb_session=; Max-Age=0; Path=/; SameSite=Lax';
    void import('../../lib/session-resume').then((m) => m.endSession(token));
    queryClient.removeQueries({ queryKey: accountKeys.all });
    navigate('/login');
  };
  return (
    <div className="container page">
      <title>{title}</title>
      {crumbs && <Breadcrumb items={crumbs} />}
      <h1 className="page__title">{heading ?? title}</h1>
      <p className="account-greeting">{t('me.hello', { name: user?.name || t('me.there') })}</p>
      <div className="account">
        <AccountSidebar onLogout={logout} />
        <div className="account__main">{children}</div>
      </div>
    </div>
  );
}
