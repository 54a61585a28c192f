import { t } from '../../../lib/i18n/locale';
import { productName } from '../../../lib/i18n/product-text';
import { Link } from 'react-router-dom';
import { formatMoney } from '../../../lib/money';
import { removeFromWishlist, type WishlistItem } from '../wishlist-store';

/** Wishlist table (spec §2): Product, Price, Old Price, View Product, remove. */
export function WishlistTable({ items }: { items: WishlistItem[] }) {
  return (
    <table className="table table--stack">
      <caption className="visually-hidden">{t('wishlistPage.caption')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('cartPage.product')}</th>
          <th scope="col">{t('cartPage.price')}</th>
          <th scope="col">{t('wishlistPage.oldPrice')}</th>
          <th scope="col">{t('wishlistPage.view')}</th>
          <th scope="col">
            <span className="visually-hidden">{t('cartPage.remove')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {items.map((item) => (
          <tr key={item.id}>
            <td data-label={t('cartPage.product')}>
              <span className="wishlist-product">
                <img src={item.thumbnail} alt="" width={56} height={56} loading="lazy" />
                <span>{productName(item)}</span>
              </span>
            </td>
            <td data-label={t('cartPage.price')}>{formatMoney(item.price, item.currency)}</td>
            <td data-label={t('wishlistPage.oldPrice')}>{item.old_price !== null && Number(item.old_price) > 0 ? <del>{formatMoney(item.old_price, item.currency)}</del> : '—'}</td>
            <td data-label={t('wishlistPage.view')}>
              <Link to={`/product-details/${item.slug}`} aria-label={t('wishlistPage.viewOf', { name: productName(item) })}>
                {t('wishlistPage.view')}
              </Link>
            </td>
            <td>
              <button type="button" className="link-button" onClick={() => removeFromWishlist(Number(item.id))} aria-label={t('wishlistPage.removeOf', { name: productName(item) })}>
                {t('cartPage.remove')}
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
