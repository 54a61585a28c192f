import { useQueryClient } from '@tanstack/react-query';
import { showToast } from '../../../components/feedback/feedback-store';
import { useVerifyAccountPhone } from '../api/verify-phone-code';
import { localDigits, t, useMessages } from '../../../lib/i18n/locale';
import { phoneMessages } from '../../../lib/i18n/messages/phone';
import { PhoneCodeForm } from './phone-code-form';

/** On the profile: prove a phone with a code, and it becomes the account's verified phone. */
export function AccountPhoneVerification({ phone, verified, onVerified }: { phone: string | null; verified: boolean; onVerified?: () => void }) {
  useMessages(phoneMessages);
  const verify = useVerifyAccountPhone();
  const queries = useQueryClient();
  return (
    <section aria-label={t('phone.accountPhoneTitle')}>
      <h2 className="section-title">{t('phone.accountPhoneTitle')}</h2>
      {verified && phone ? (
        <p>
          {localDigits(phone)} · {t('phone.verified')}
        </p>
      ) : (
        <>
          {/* A typed number counts for nothing until a code proves it (ADR 057): say so beside it. */}
          {phone ? (
            <p className="phone-unverified">
              {localDigits(phone)} · {t('phone.notVerified')}
            </p>
          ) : null}
          <p>{t('phone.accountPhoneIntro')}</p>
        </>
      )}
      <PhoneCodeForm
        purpose="account"
        phoneLabel={t('phone.phoneToVerifyLabel')}
        initialPhone={verified ? '' : (phone ?? '')}
        submitLabel={t('phone.verifySubmit')}
        busyLabel={t('phone.verifying')}
        busy={verify.isPending}
        onSubmit={async (typed, code) => {
          await verify.mutateAsync({ phone: typed, code });
          showToast({ kind: 'success', title: t('phone.verified') });
          await queries.invalidateQueries();
          onVerified?.();
        }}
      />
    </section>
  );
}
