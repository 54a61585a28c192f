import { Link } from 'react-router-dom';
import { t } from '../../../lib/i18n/locale';
import { formatTaka } from '../../console-kit/format';
import { Loading } from '../../console-kit/query-state';
import { useReconciliation } from '../api/get-reconciliation';
import { formatRate, overallReturnRate } from '../payout-figures';

/**
 * The dashboard's three payout tiles (issue 29): cash held by couriers, paid out this month, return rate, each
 * a link to the payouts page. Their own request (the reconciliation), beside the dashboard's, never in it.
 */
export function PayoutTiles() {
  const reconciliation = useReconciliation();
  if (reconciliation.isPending) return <Loading label={t('payouts.tilesLoading')} />;
  // A failed reconciliation leaves the dashboard as it was; the payouts page says why.
  if (reconciliation.isError) return null;
  const data = reconciliation.data;
  const returns = overallReturnRate(data.return_rate);
  const tiles = [
    { id: 'held', label: t('payouts.cashHeld'), figure: formatTaka(data.cash_held.total) },
    { id: 'paid', label: t('payouts.paidOut'), figure: formatTaka(data.paid_out_this_month.total) },
    { id: 'returns', label: t('payouts.returnRate'), figure: formatRate(returns.rate) },
  ];
  return (
    <section aria-label={t('payouts.tiles')}>
      <ul className="admin-tiles">
        {tiles.map((tile) => (
          <li key={tile.id}>
            <Link to="/admin/payouts" className="admin-tile">
              <span className="admin-tile__label">{tile.label}</span>
              <span className="admin-tile__figure">{tile.figure}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
