import { Link } from 'react-router-dom';
import { DataTable } from '../../../components/ui/data-table';
import { QuantityInput } from '../../../components/ui/quantity-input';
import { formatMoney } from '../../../lib/money';
import { t } from '../../../lib/i18n/locale';
import { productName } from '../../../lib/i18n/product-text';
import { lineTotal, removeLine, saveCart, setLineQty, type CartLine } from '../cart-store';
import './cart.css';

/** Cart lines (spec §2 Cart): remove, product, size, price, quantity (minimum 1), line total. */
export function CartTable({ lines, currency }: { lines: CartLine[]; currency?: string | null }) {
  return (
    <DataTable
      className="cart-table"
      caption={t('cartPage.caption')}
      rows={lines}
      rowKey={(line) => `${line.id}-${line.size}`}
      columns={[
        {
          header: t('cartPage.remove'),
          hiddenHeader: true,
          cell: (line) => (
            <button type="button" className="cart-table__remove" aria-label={t('cartPage.removeLine', { name: productName(line), size: line.size })} onClick={() => saveCart(removeLine(lines, line.id, line.size))}>
              <span aria-hidden="true">✕</span>
            </button>
          ),
        },
        {
          header: t('cartPage.product'),
          cell: (line) => (
            <Link to={`/product-details/${line.slug}`} className="cart-table__product">
              <img src={line.thumbnail} alt="" width={56} height={56} loading="lazy" />
              <span>{productName(line)}</span>
            </Link>
          ),
        },
        { header: t('cartPage.size'), cell: (line) => line.size },
        { header: t('cartPage.price'), cell: (line) => formatMoney(line.price, line.currency ?? currency) },
        {
          header: t('cartPage.quantity'),
          cell: (line) => <QuantityInput label={t('cartPage.quantityOf', { name: productName(line) })} value={line.qty} onChange={(qty) => saveCart(setLineQty(lines, line.id, line.size, qty))} />,
        },
        { header: t('cartPage.total'), cell: (line) => formatMoney(lineTotal(line), line.currency ?? currency) },
      ]}
    />
  );
}
