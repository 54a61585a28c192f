import type { PayoutListResponse, PayoutSummary } from '../../../../../contracts/payouts';
import { t } from '../../../lib/i18n/locale';
import { Card } from '../../console-kit/card';
import { formatDateTime, formatNumber, formatTaka } from '../../console-kit/format';
import { ListTable, type Column } from '../../console-kit/list-table';
import { QueryView } from '../../console-kit/query-state';
import { courierLabel } from './courier-label';

/** The payouts received, newest first: courier, id (and where it came from), when, total, net and parcels. */
export function PayoutList({ payouts }: { payouts: { isPending: boolean; isError: boolean; error: unknown; data: PayoutListResponse | undefined } }) {
  const columns: Array<Column<PayoutSummary>> = [
    { header: t('payouts.courierColumn'), cell: (row) => courierLabel(row.courier) },
    {
      header: t('payouts.payoutId'),
      rowHeader: true,
      cell: (row) => (
        <>
          <code>{row.payout_id}</code> <span className="muted">({t(`payouts.source.${row.source}`)})</span>
        </>
      ),
    },
    { header: t('payouts.paidAt'), cell: (row) => formatDateTime(row.paid_at) },
    { header: t('payouts.payoutTotal'), numeric: true, cell: (row) => (row.total === null ? '—' : formatTaka(row.total)) },
    { header: t('payouts.net'), numeric: true, cell: (row) => formatTaka(row.net) },
    { header: t('payouts.parcels'), numeric: true, cell: (row) => formatNumber(row.parcels) },
  ];
  return (
    <Card id="payouts-list" title={t('payouts.list')}>
      <QueryView query={payouts} loading={t('payouts.loading')} what={t('payouts.what')} empty={{ when: (data) => data.data.length === 0, text: t('payouts.noPayouts') }}>
        {(data) => <ListTable rows={data.data} columns={columns} rowKey={(row) => `${row.courier}:${row.payout_id}`} caption={t('payouts.list')} />}
      </QueryView>
    </Card>
  );
}
