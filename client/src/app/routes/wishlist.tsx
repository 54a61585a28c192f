import { t, useMessages } from '../../lib/i18n/locale';
import { cartMessages } from '../../lib/i18n/messages/cart';
import { Link } from 'react-router-dom';
import { Breadcrumb } from '../../components/ui/breadcrumb';
import { WishlistTable } from '../../features/wishlist/components/wishlist-table';
import { useWishlist } from '../../features/wishlist/wishlist-store';

/** /wishlist (spec §2). */
export function WishlistRoute() {
  useMessages(cartMessages);
  const items = useWishlist();
  return (
    <div className="container page">
      <title>{t('wishlistPage.title')}</title>
      <Breadcrumb items={[{ label: t('nav.home'), to: '/' }, { label: t('wishlistPage.title') }]} />
      <h1 className="page__title">{t('wishlistPage.title')}</h1>
      {items.length === 0 ? (
        <p>
          {t('wishlistPage.empty')} <Link to="/shop">{t('wishlistPage.browse')}</Link>
        </p>
      ) : (
        <WishlistTable items={items} />
      )}
    </div>
  );
}
