import { formatNumber, t } from '../../../lib/i18n/locale';
import { Link } from 'react-router-dom';
import { formatMoney } from '../../../lib/money';
import type { OrderLine } from '../types';

/** Order lines: Item, Quantity, Price, Total (line total is qty × price). A footer may follow. */
export function OrderLinesTable({ lines, currency, footer }: { lines: OrderLine[]; currency?: string | null; footer?: React.ReactNode }) {
  return (
    <table className="table table--stack order-lines">
      <thead>
        <tr>
          <th scope="col">{t('lines.item')}</th>
          <th scope="col">{t('lines.quantity')}</th>
          <th scope="col">{t('lines.price')}</th>
          <th scope="col">{t('lines.total')}</th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line, index) => (
          <tr key={`${line.id}-${line.size}-${index}`}>
            <td data-label={t('lines.item')}>
              <Link to={`/product-details/${line.slug}`} className="order-lines__item">
                <img src={line.thumbnail} alt="" width={48} height={48} loading="lazy" />
                <span>
                  {line.productName ?? line.name} <span className="muted">{t('lines.size', { size: line.size })}</span>
                </span>
              </Link>
            </td>
            <td data-label={t('lines.quantity')}>{formatNumber(line.qty)}</td>
            <td data-label={t('lines.price')}>{formatMoney(line.price, currency)}</td>
            <td data-label={t('lines.total')}>{formatMoney(line.qty * line.price, currency)}</td>
          </tr>
        ))}
      </tbody>
      {footer && <tfoot>{footer}</tfoot>}
    </table>
  );
}
