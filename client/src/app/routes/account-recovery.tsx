import { Link, useNavigate, useParams } from 'react-router-dom';
import { FindAccountFlow } from '../../features/account/components/find-account-flow';
import { ForgetPasswordForm } from '../../features/account/components/forget-password-form';
import { ResetPasswordForm } from '../../features/account/components/reset-password-form';
import { VerifyEmailForm } from '../../features/account/components/verify-email-form';
import { t, useMessages } from '../../lib/i18n/locale';
import { recoveryMessages } from '../../lib/i18n/messages/recovery';
import { RecoverByPhoneForm } from '../../features/phone-verification/components/recover-by-phone-form';
import { phoneMessages } from '../../lib/i18n/messages/phone';

function RecoveryPage({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="container page narrow">
      <title>{title}</title>
      <h1 className="page__title">{title}</h1>
      {children}
    </div>
  );
}

/** /find-account-using-phone */
export function FindAccountRoute() {
  useMessages(recoveryMessages, phoneMessages);
  const navigate = useNavigate();
  return (
    <RecoveryPage title={t('rec.findTitle')}>
      <FindAccountFlow onMailSent={() => navigate('/login')} />
      <p>
        <Link to="/reset-password-by-phone">{t('phone.bySms')}</Link>
      </p>
    </RecoveryPage>
  );
}

/** /forget-password */
export function ForgetPasswordRoute() {
  useMessages(recoveryMessages, phoneMessages);
  const navigate = useNavigate();
  return (
    <RecoveryPage title={t('rec.forgetTitle')}>
      <ForgetPasswordForm onSent={() => navigate('/login')} />
    </RecoveryPage>
  );
}

/** /forget-password-recover-email/{id} */
export function ResetPasswordRoute() {
  useMessages(recoveryMessages, phoneMessages);
  const { id = '' } = useParams();
  const navigate = useNavigate();
  return (
    <RecoveryPage title={t('rec.resetTitle')}>
      <ResetPasswordForm id={id} onReset={() => navigate('/login')} />
    </RecoveryPage>
  );
}

/** /verify-email/{id}: "Update your email", then /login. */
export function VerifyEmailRoute() {
  useMessages(recoveryMessages, phoneMessages);
  const { id = '' } = useParams();
  const navigate = useNavigate();
  return (
    <RecoveryPage title={t('rec.verifyTitle')}>
      <VerifyEmailForm id={id} onVerified={() => navigate('/login')} />
    </RecoveryPage>
  );
}

/** /reset-password-by-phone (issue 17): a code by SMS proves the account's phone; then a new password. */
export function ResetPasswordByPhoneRoute() {
  // Before its own texts: without it the title and the link were worded before the phone namespace loaded,
  // and stayed English when this was the first recovery page a Bengali shopper opened.
  useMessages(recoveryMessages, phoneMessages);
  const navigate = useNavigate();
  return (
    <RecoveryPage title={t('phone.resetBySmsTitle')}>
      <RecoverByPhoneForm onReset={() => navigate('/login')} />
      <p>
        <Link to="/find-account-using-phone">{t('phone.orByMail')}</Link>
      </p>
    </RecoveryPage>
  );
}
