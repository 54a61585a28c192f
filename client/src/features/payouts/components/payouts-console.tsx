import { t } from '../../../lib/i18n/locale';
import { QueryView } from '../../console-kit/query-state';
import { useReconciliation } from '../api/get-reconciliation';
import { PayoutActions } from './payout-actions';
import { PayoutList } from './payout-list';
import { MismatchList, ReconciliationSummary, UnpaidList } from './reconciliation-view';

/**
 * The payouts page (issue 29, the cash coming back): the reconciliation's summary on top, fetching and importing
 * payouts, then the mismatches, the delivered but unpaid parcels and the payouts received.
 */
export function PayoutsConsole() {
  const reconciliation = useReconciliation();
  return (
    <div className="admin-payouts">
      <QueryView query={reconciliation} loading={t('payouts.loading')} what={t('payouts.reconciliationWhat')}>
        {(data) => <ReconciliationSummary data={data} />}
      </QueryView>
      <PayoutActions />
      {reconciliation.data && (
        <>
          <MismatchList rows={reconciliation.data.mismatches} />
          <UnpaidList rows={reconciliation.data.unpaid} days={reconciliation.data.unpaid_after_days} />
        </>
      )}
      <PayoutList />
    </div>
  );
}
