import type { ReconciliationFindingView } from '../../../../../contracts/payments';
import { t } from '../../../lib/i18n/locale';
import { Card } from '../../console-kit/card';
import { formatDateTime, formatNumber, formatTaka } from '../../console-kit/format';
import { ListTable, type Column } from '../../console-kit/list-table';
import { QueryView } from '../../console-kit/query-state';
import { usePaymentReconciliation } from '../api/get-payment-reconciliation';
import { Link } from 'react-router-dom';

const KIND_LABEL = {
  'payment-without-order': 'payouts.payments.withoutOrder',
  'paid-without-payment': 'payouts.payments.withoutPayment',
  'amount-differs': 'payouts.payments.amountDiffers',
} as const;

/**
 * The daily payments reconciliation (issue 34, admins only): the newest day's bKash payments with no order,
 * orders marked paid with no payment, and amounts that differ, each linked to its order.
 */
export function PaymentReconciliationCard() {
  const query = usePaymentReconciliation(true);
  const columns: Array<Column<ReconciliationFindingView>> = [
    { header: t('payouts.payments.kind'), rowHeader: true, cell: (row) => t(KIND_LABEL[row.kind]) },
    {
      header: t('payouts.order'),
      cell: (row) => (row.order_id ? <Link to={`/admin/orders/${encodeURIComponent(row.order_id)}`}>{t('payouts.orderLink', { id: row.order_id })}</Link> : '—'),
    },
    { header: t('payouts.payments.trx'), cell: (row) => (row.trx_id ? <code>{row.trx_id}</code> : '—') },
    { header: t('payouts.payments.recorded'), numeric: true, cell: (row) => (row.recorded === null ? '—' : formatTaka(row.recorded)) },
    { header: t('payouts.payments.expected'), numeric: true, cell: (row) => (row.expected === null ? '—' : formatTaka(row.expected)) },
    { header: t('payouts.payments.detail'), cell: (row) => <span lang="en">{row.detail}</span> },
  ];
  return (
    <Card id="payments-reconciliation" title={t('payouts.payments.title')}>
      <QueryView query={query} loading={t('payouts.loading')} what={t('payouts.payments.title')}>
        {(data) =>
          data.day === null ? (
            <p className="muted">{t('payouts.payments.notYet')}</p>
          ) : (
            <>
              <p className="muted">
                {t('payouts.payments.ran', {
                  day: data.day,
                  at: formatDateTime(data.ran_at ?? ''),
                  payments: formatNumber(data.checked?.payments ?? 0),
                  orders: formatNumber(data.checked?.orders ?? 0),
                })}
              </p>
              {data.findings.length === 0 ? (
                <p className="muted">{t('payouts.payments.none')}</p>
              ) : (
                <ListTable rows={data.findings} columns={columns} rowKey={(row) => `${row.kind}:${row.order_id ?? ''}:${row.payment_id ?? ''}:${row.trx_id ?? ''}`} caption={t('payouts.payments.title')} />
              )}
            </>
          )
        }
      </QueryView>
    </Card>
  );
}
