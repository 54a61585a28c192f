import { Link } from 'react-router-dom';
import type { PayoutMismatch, PayoutReconciliationResponse, UnpaidParcel } from '../../../../../contracts/payouts';
import { t } from '../../../lib/i18n/locale';
import { Card, FigureList } from '../../console-kit/card';
import { formatDateTime, formatNumber, formatTaka } from '../../console-kit/format';
import { ListTable, type Column } from '../../console-kit/list-table';
import { formatDifference, formatRate, overallReturnRate } from '../payout-figures';
import { courierLabel } from './courier-label';

function OrderLink({ orderId }: { orderId: string }) {
  return <Link to={`/admin/orders/${encodeURIComponent(orderId)}`}>{t('payouts.orderLink', { id: orderId })}</Link>;
}

/** Cash held by couriers, paid out this month and the return rate, each in total and per courier. */
export function ReconciliationSummary({ data }: { data: PayoutReconciliationResponse }) {
  const returns = overallReturnRate(data.return_rate);
  return (
    <div className="admin-payouts__summary">
      <Card id="payouts-held" title={t('payouts.cashHeld')}>
        <p className="admin-payouts__headline">{formatTaka(data.cash_held.total)}</p>
        <FigureList
          rows={data.cash_held.by_courier}
          rowKey={(row) => row.courier}
          name={(row) => <span>{courierLabel(row.courier)}</span>}
          figure={(row) => t('payouts.cashHeldLine', { parcels: formatNumber(row.parcels), amount: formatTaka(row.amount) })}
          empty={t('payouts.noneHeld')}
        />
      </Card>
      <Card id="payouts-paid" title={t('payouts.paidOut')}>
        <p className="admin-payouts__headline">{formatTaka(data.paid_out_this_month.total)}</p>
        <FigureList
          rows={data.paid_out_this_month.by_courier}
          rowKey={(row) => row.courier}
          name={(row) => <span>{courierLabel(row.courier)}</span>}
          figure={(row) => t('payouts.paidOutLine', { payouts: formatNumber(row.payouts), amount: formatTaka(row.amount) })}
          empty={t('payouts.nonePaid')}
        />
      </Card>
      <Card id="payouts-returns" title={t('payouts.returnRate')}>
        <p className="admin-payouts__headline">{formatRate(returns.rate)}</p>
        <FigureList
          rows={data.return_rate}
          rowKey={(row) => `${row.courier}:${row.district ?? ''}`}
          name={(row) => <span>{courierLabel(row.courier)}</span>}
          figure={(row) => t('payouts.returnRateLine', { rate: formatRate(row.rate), returned: formatNumber(row.returned), finished: formatNumber(row.finished) })}
          empty={t('payouts.noneFinished')}
        />
      </Card>
    </div>
  );
}

/** Paid parcels whose collected amount is not the amount due, and paid parcels the store does not know. */
export function MismatchList({ rows }: { rows: readonly PayoutMismatch[] }) {
  const columns: Array<Column<PayoutMismatch>> = [
    { header: t('payouts.order'), rowHeader: true, cell: (row) => (row.order_id ? <OrderLink orderId={row.order_id} /> : t('payouts.unknownParcel', { id: row.consignment_id })) },
    { header: t('payouts.courierColumn'), cell: (row) => courierLabel(row.courier) },
    { header: t('payouts.due'), numeric: true, cell: (row) => (row.due === null ? '—' : formatTaka(row.due)) },
    { header: t('payouts.collected'), numeric: true, cell: (row) => formatTaka(row.collected) },
    { header: t('payouts.difference'), numeric: true, cell: (row) => formatDifference(row.difference) },
    { header: t('payouts.payoutColumn'), cell: (row) => `${row.payout_id} · ${formatDateTime(row.paid_at)}` },
  ];
  return (
    <Card id="payouts-mismatches" title={t('payouts.mismatches')}>
      {rows.length === 0 ? (
        <p className="muted">{t('payouts.noMismatch')}</p>
      ) : (
        <ListTable rows={rows} columns={columns} rowKey={(row) => `${row.courier}:${row.consignment_id}:${row.payout_id}`} caption={t('payouts.mismatches')} />
      )}
    </Card>
  );
}

/** Delivered parcels with no payout after the store's number of days. */
export function UnpaidList({ rows, days }: { rows: readonly UnpaidParcel[]; days: number }) {
  const columns: Array<Column<UnpaidParcel>> = [
    { header: t('payouts.order'), rowHeader: true, cell: (row) => <OrderLink orderId={row.order_id} /> },
    { header: t('payouts.courierColumn'), cell: (row) => courierLabel(row.courier) },
    { header: t('payouts.consignment'), cell: (row) => <code>{row.consignment_id}</code> },
    { header: t('payouts.due'), numeric: true, cell: (row) => formatTaka(row.due) },
    { header: t('payouts.days'), numeric: true, cell: (row) => formatNumber(row.days_since_delivery) },
  ];
  const title = t('payouts.unpaid', { days: formatNumber(days) });
  return (
    <Card id="payouts-unpaid" title={title}>
      {rows.length === 0 ? (
        <p className="muted">{t('payouts.noUnpaid')}</p>
      ) : (
        <ListTable rows={rows} columns={columns} rowKey={(row) => `${row.courier}:${row.consignment_id}`} caption={title} />
      )}
    </Card>
  );
}
