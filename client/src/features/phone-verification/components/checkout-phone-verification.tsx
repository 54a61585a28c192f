import { useVerifyCheckoutPhone } from '../api/verify-phone-code';
import { PHONE_VERIFICATION_TEXT as T } from '../messages';
import { PhoneCodeForm } from './phone-code-form';

/**
 * The checkout's phone step (issue 17), shown when the store asks this checkout to prove its phone: a code
 * to the order's phone, and the proof handed back to the checkout, which sends it with the order.
 */
export function CheckoutPhoneVerification({ phone, onProof }: { phone: string; onProof: (proof: string) => void }) {
  const verify = useVerifyCheckoutPhone();
  return (
    <section className="card" aria-label={T.checkoutTitle}>
      <h2 className="section-title">{T.checkoutTitle}</h2>
      <p>{T.checkoutIntro}</p>
      <PhoneCodeForm
        purpose="checkout"
        initialPhone={phone}
        submitLabel={T.verifySubmit}
        busyLabel={T.verifying}
        busy={verify.isPending}
        onSubmit={async (typed, code) => onProof((await verify.mutateAsync({ phone: typed, code })).phone_proof)}
      />
    </section>
  );
}
