import { Link } from 'react-router-dom';
import { QuantityInput } from '../../../components/ui/quantity-input';
import { formatMoney } from '../../../lib/money';
import { t } from '../../../lib/i18n/locale';
import { productName } from '../../../lib/i18n/product-text';
import { lineTotal, removeLine, saveCart, setLineQty, type CartLine } from '../cart-store';
import './cart.css';

/** Cart lines (spec §2 Cart): remove, product, size, price, quantity (minimum 1), line total. */
export function CartTable({ lines, currency }: { lines: CartLine[]; currency?: string | null }) {
  return (
    <table className="table table--stack cart-table">
      <caption className="visually-hidden">{t('cartPage.caption')}</caption>
      <thead>
        <tr>
          <th scope="col">
            <span className="visually-hidden">{t('cartPage.remove')}</span>
          </th>
          <th scope="col">{t('cartPage.product')}</th>
          <th scope="col">{t('cartPage.size')}</th>
          <th scope="col">{t('cartPage.price')}</th>
          <th scope="col">{t('cartPage.quantity')}</th>
          <th scope="col">{t('cartPage.total')}</th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => (
          <tr key={`${line.id}-${line.size}`}>
            <td>
              <button type="button" className="cart-table__remove" aria-label={t('cartPage.removeLine', { name: productName(line), size: line.size })} onClick={() => saveCart(removeLine(lines, line.id, line.size))}>
                <span aria-hidden="true">✕</span>
              </button>
            </td>
            <td data-label={t('cartPage.product')}>
              <Link to={`/product-details/${line.slug}`} className="cart-table__product">
                <img src={line.thumbnail} alt="" width={56} height={56} loading="lazy" />
                <span>{productName(line)}</span>
              </Link>
            </td>
            <td data-label={t('cartPage.size')}>{line.size}</td>
            <td data-label={t('cartPage.price')}>{formatMoney(line.price, line.currency ?? currency)}</td>
            <td data-label={t('cartPage.quantity')}>
              <QuantityInput label={t('cartPage.quantityOf', { name: productName(line) })} value={line.qty} onChange={(qty) => saveCart(setLineQty(lines, line.id, line.size, qty))} />
            </td>
            <td data-label={t('cartPage.total')}>{formatMoney(lineTotal(line), line.currency ?? currency)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
