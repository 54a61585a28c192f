import { ConsolePage } from '../../../features/console-kit/console-layout';
import { PayoutsConsole } from '../../../features/payouts/components/payouts-console';
import { t, useMessages } from '../../../lib/i18n/locale';
import { payoutsMessages } from '../../../lib/i18n/messages/payouts';

/** Courier payouts and how they reconcile with the parcels delivered (issue 29). */
export function PayoutsRoute() {
  useMessages(payoutsMessages);
  return (
    <ConsolePage id="payouts" title={t('payouts.title')}>
      <PayoutsConsole />
    </ConsolePage>
  );
}
