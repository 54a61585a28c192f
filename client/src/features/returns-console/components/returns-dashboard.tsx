import { t } from '../../../lib/i18n/locale';
import { Card } from '../../console-kit/card';
import { formatNumber } from '../../console-kit/format';
import { ErrorNotice, Loading } from '../../console-kit/query-state';
import { useReturnsDashboard } from '../api/get-returns-dashboard';

/** The dashboard's returns (issue 35): by reason, and which sizes and products come back most (their return rate). */
export function ReturnsDashboard() {
  const dashboard = useReturnsDashboard();
  return (
    <Card id="returns-dashboard" title={t('ret.dash.title')}>
      {dashboard.isPending ? (
        <Loading />
      ) : dashboard.isError ? (
        <ErrorNotice error={dashboard.error} />
      ) : dashboard.data.by_reason.length === 0 ? (
        <p>{t('ret.dash.none')}</p>
      ) : (
        <div className="returns-dashboard">
          <table className="admin-table">
            <caption>{t('ret.dash.byReason')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('ret.dash.reason')}</th>
                <th scope="col">{t('ret.dash.returns')}</th>
                <th scope="col">{t('ret.dash.exchanges')}</th>
              </tr>
            </thead>
            <tbody>
              {dashboard.data.by_reason.map((row) => (
                <tr key={row.reason}>
                  <th scope="row">{t(`ret.reason.${row.reason}`)}</th>
                  <td>{formatNumber(row.returns)}</td>
                  <td>{formatNumber(row.exchanges)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <RateTable caption={t('ret.dash.bySize')} rows={dashboard.data.by_size.map((row) => ({ key: row.size, label: row.size, ...row }))} />
          <RateTable caption={t('ret.dash.byProduct')} rows={dashboard.data.by_product.map((row) => ({ key: String(row.product_id), label: row.name, ...row }))} />
        </div>
      )}
    </Card>
  );
}

function RateTable({ caption, rows }: { caption: string; rows: Array<{ key: string; label: string; sold: number; returned: number; rate: number }> }) {
  return (
    <table className="admin-table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t('ret.console.item')}</th>
          <th scope="col">{t('ret.dash.sold')}</th>
          <th scope="col">{t('ret.dash.returned')}</th>
          <th scope="col">{t('ret.dash.rate')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            <th scope="row">{row.label}</th>
            <td>{formatNumber(row.sold)}</td>
            <td>{formatNumber(row.returned)}</td>
            <td>{row.rate}%</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
