import { useNavigate, useParams } from 'react-router-dom';
import { FindAccountFlow } from '../../features/account/components/find-account-flow';
import { ForgetPasswordForm } from '../../features/account/components/forget-password-form';
import { ResetPasswordForm } from '../../features/account/components/reset-password-form';
import { VerifyEmailForm } from '../../features/account/components/verify-email-form';

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
  const navigate = useNavigate();
  return (
    <RecoveryPage title="Find Account Using Phone">
      <FindAccountFlow onMailSent={() => navigate('/login')} />
    </RecoveryPage>
  );
}

/** /forget-password */
export function ForgetPasswordRoute() {
  const navigate = useNavigate();
  return (
    <RecoveryPage title="Forget Password">
      <ForgetPasswordForm onSent={() => navigate('/login')} />
    </RecoveryPage>
  );
}

/** /forget-password-recover-email/{id} */
export function ResetPasswordRoute() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  return (
    <RecoveryPage title="Reset Password">
      <ResetPasswordForm id={id} onReset={() => navigate('/login')} />
    </RecoveryPage>
  );
}

/** /verify-email/{id}: "Update your email", then /login. */
export function VerifyEmailRoute() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  return (
    <RecoveryPage title="Update your email">
      <VerifyEmailForm id={id} onVerified={() => navigate('/login')} />
    </RecoveryPage>
  );
}
