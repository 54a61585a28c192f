import { useVerifyCheckoutPhone } from '../api/verify-phone-code';
import { t, useMessages } from '../../../lib/i18n/locale';
import { phoneMessages } from '../../../lib/i18n/messages/phone';
import { PhoneCodeForm } from './phone-code-form';

/**
 * The checkout's phone step (issue 17), shown when the store asks this checkout to prove its phone: a code
 * to the order's phone, and the proof handed back to the checkout, which sends it with the order.
 */
export function CheckoutPhoneVerification({ phone, onProof }: { phone: string; onProof: (proof: string) => void }) {
  useMessages(phoneMessages);
  const verify = useVerifyCheckoutPhone();
  return (
    <section className="card" aria-label={t('phone.checkoutTitle')}>
      <h2 className="section-title">{t('phone.checkoutTitle')}</h2>
      <p>{t('phone.checkoutIntro')}</p>
      <PhoneCodeForm
        purpose="checkout"
        initialPhone={phone}
        submitLabel={t('phone.verifySubmit')}
        busyLabel={t('phone.verifying')}
        busy={verify.isPending}
        onSubmit={async (typed, code) => onProof((await verify.mutateAsync({ phone: typed, code })).phone_proof)}
      />
    </section>
  );
}
