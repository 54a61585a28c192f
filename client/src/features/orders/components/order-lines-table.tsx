import { formatNumber, t } from '../../../lib/i18n/locale';
import { Link } from 'react-router-dom';
import { DataTable } from '../../../components/ui/data-table';
import { formatMoney } from '../../../lib/money';
import type { OrderLine } from '../types';
import { productName } from '../../../lib/i18n/product-text';

/** Order lines: Item, Quantity, Price, Total (line total is qty × price). A footer may follow. */
export function OrderLinesTable({ lines, currency, footer }: { lines: OrderLine[]; currency?: string | null; footer?: React.ReactNode }) {
  return (
    <DataTable
      className="order-lines"
      rows={lines}
      rowKey={(line, index) => `${line.id}-${line.size}-${index}`}
      footer={footer}
      columns={[
        {
          header: t('lines.item'),
          cell: (line) => (
            <Link to={`/product-details/${line.slug}`} className="order-lines__item">
              <img src={line.thumbnail} alt="" width={48} height={48} loading="lazy" />
              <span>
                {productName({ name: line.productName ?? line.name, name_bn: line.name_bn })} <span className="muted">{t('lines.size', { size: line.size })}</span>
              </span>
            </Link>
          ),
        },
        { header: t('lines.quantity'), cell: (line) => formatNumber(line.qty) },
        { header: t('lines.price'), cell: (line) => formatMoney(line.price, currency) },
        { header: t('lines.total'), cell: (line) => formatMoney(line.qty * line.price, currency) },
      ]}
    />
  );
}
