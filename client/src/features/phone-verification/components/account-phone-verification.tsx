import { useQueryClient } from '@tanstack/react-query';
import { showToast } from '../../../components/feedback/feedback-store';
import { useVerifyAccountPhone } from '../api/verify-phone-code';
import { PHONE_VERIFICATION_TEXT as T } from '../messages';
import { PhoneCodeForm } from './phone-code-form';

/** On the profile: prove a phone with a code, and it becomes the account's verified phone. */
export function AccountPhoneVerification({ phone, verified, onVerified }: { phone: string | null; verified: boolean; onVerified?: () => void }) {
  const verify = useVerifyAccountPhone();
  const queries = useQueryClient();
  return (
    <section aria-label={T.accountPhoneTitle}>
      <h2 className="section-title">{T.accountPhoneTitle}</h2>
      {verified && phone ? (
        <p>
          {phone} · {T.verified}
        </p>
      ) : (
        <p>{T.accountPhoneIntro}</p>
      )}
      <PhoneCodeForm
        purpose="account"
        phoneLabel={T.phoneToVerifyLabel}
        initialPhone={verified ? '' : (phone ?? '')}
        submitLabel={T.verifySubmit}
        busyLabel={T.verifying}
        busy={verify.isPending}
        onSubmit={async (typed, code) => {
          await verify.mutateAsync({ phone: typed, code });
          showToast({ kind: 'success', title: T.verified });
          await queries.invalidateQueries();
          onVerified?.();
        }}
      />
    </section>
  );
}
