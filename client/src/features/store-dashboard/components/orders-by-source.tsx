import type { DashboardResponse } from '../../../../../contracts/dashboard';
import type { MessageKey } from '../../../lib/i18n/keys';
import { t } from '../../../lib/i18n/locale';
import { Card } from '../../console-kit/card';
import { formatNumber, formatTaka } from '../../console-kit/format';
import { ListTable } from '../../console-kit/list-table';

type SourceRow = DashboardResponse['bySource'][number];

/** Issue 33: orders and revenue of the dashboard's days by where the shopper came from (Facebook, Instagram ...). */
export function OrdersBySource({ rows }: { rows: DashboardResponse['bySource'] }) {
  return (
    <Card id="by-source" title={t('sources.title')}>
      <p>{t('sources.intro')}</p>
      <ListTable<SourceRow>
        cards={false}
        caption={t('sources.title')}
        rows={rows}
        rowKey={(row) => row.source}
        columns={[
          { header: t('sources.source'), rowHeader: true, cell: (row) => t(`sources.${row.source}` as MessageKey) },
          { header: t('sources.orders'), numeric: true, cell: (row) => formatNumber(row.orders) },
          { header: t('sources.revenue'), numeric: true, cell: (row) => formatTaka(row.revenue) },
        ]}
      />
    </Card>
  );
}
