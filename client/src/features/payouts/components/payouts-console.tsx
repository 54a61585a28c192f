import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { t } from '../../../lib/i18n/locale';
import { QueryView } from '../../console-kit/query-state';
import { usePayouts } from '../api/get-payouts';
import { useReconciliation } from '../api/get-reconciliation';
import { payoutsKeys } from '../api/payouts-keys';
import { payoutsArrived, type AwaitedPayouts } from '../payout-figures';
import { PayoutActions } from './payout-actions';
import { PayoutList } from './payout-list';
import { useStaffRole } from '../../console-kit/staff-session-context';
import { PaymentReconciliationCard } from './payment-reconciliation';
import { MismatchList, ReconciliationSummary, UnpaidList } from './reconciliation-view';

/** How often, and how long at most, the page asks again for payouts just recorded (the projection follows the command). */
const POLL_MS = 500;
const WAIT_MS = 10_000;

/**
 * The payouts page (issue 29, the cash coming back): the reconciliation's summary on top, fetching and importing
 * payouts, then the mismatches, the delivered but unpaid parcels and the payouts received.
 */
export function PayoutsConsole() {
  const [awaited, setAwaited] = useState<AwaitedPayouts | null>(null);
  const poll = awaited ? POLL_MS : false;
  const reconciliation = useReconciliation(poll);
  const payouts = usePayouts(poll);
  const queryClient = useQueryClient();
  const role = useStaffRole();

  useEffect(() => {
    if (!awaited) return;
    if (payoutsArrived(payouts.data, awaited)) {
      setAwaited(null);
      // The reconciliation comes from the same projection: once the list shows the payout, one more read is current.
      void queryClient.invalidateQueries({ queryKey: payoutsKeys.reconciliation() });
      return;
    }
    const stop = setTimeout(() => setAwaited(null), Math.max(0, awaited.until - Date.now()));
    return () => clearTimeout(stop);
  }, [awaited, payouts.data, queryClient]);

  const onRecorded = (what: Omit<AwaitedPayouts, 'until'>) => setAwaited({ ...what, until: Date.now() + WAIT_MS });

  return (
    <div className="admin-payouts">
      <QueryView query={reconciliation} loading={t('payouts.loading')} what={t('payouts.reconciliationWhat')}>
        {(data) => <ReconciliationSummary data={data} />}
      </QueryView>
      <PayoutActions parcelsListed={payouts.data?.totals.parcels} onRecorded={onRecorded} />
      {reconciliation.data && (
        <>
          <MismatchList rows={reconciliation.data.mismatches} />
          <UnpaidList rows={reconciliation.data.unpaid} days={reconciliation.data.unpaid_after_days} />
        </>
      )}
      <PayoutList payouts={payouts} />
      {/* bKash payments against the order log (issue 34): for admins only. */}
      {role === 'admin' && <PaymentReconciliationCard />}
    </div>
  );
}
