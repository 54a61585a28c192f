import { DataTable } from '../../../components/ui/data-table';
import { t } from '../../../lib/i18n/locale';
import { productName } from '../../../lib/i18n/product-text';
import { Link } from 'react-router-dom';
import { formatMoney } from '../../../lib/money';
import { removeFromWishlist, type WishlistItem } from '../wishlist-store';

/** Wishlist table (spec §2): Product, Price, Old Price, View Product, remove. */
export function WishlistTable({ items }: { items: WishlistItem[] }) {
  return (
    <DataTable
      caption={t('wishlistPage.caption')}
      rows={items}
      rowKey={(item) => item.id}
      columns={[
        {
          header: t('cartPage.product'),
          cell: (item) => (
            <span className="wishlist-product">
              <img src={item.thumbnail} alt="" width={56} height={56} loading="lazy" />
              <span>{productName(item)}</span>
            </span>
          ),
        },
        { header: t('cartPage.price'), cell: (item) => formatMoney(item.price, item.currency) },
        { header: t('wishlistPage.oldPrice'), cell: (item) => (item.old_price !== null && Number(item.old_price) > 0 ? <del>{formatMoney(item.old_price, item.currency)}</del> : '—') },
        {
          header: t('wishlistPage.view'),
          cell: (item) => (
            <Link to={`/product-details/${item.slug}`} aria-label={t('wishlistPage.viewOf', { name: productName(item) })}>
              {t('wishlistPage.view')}
            </Link>
          ),
        },
        {
          header: t('cartPage.remove'),
          hiddenHeader: true,
          cell: (item) => (
            <button type="button" className="link-button" onClick={() => removeFromWishlist(Number(item.id))} aria-label={t('wishlistPage.removeOf', { name: productName(item) })}>
              {t('cartPage.remove')}
            </button>
          ),
        },
      ]}
    />
  );
}
