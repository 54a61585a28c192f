import { Link } from 'react-router-dom';
import { Breadcrumb } from '../../components/ui/breadcrumb';
import { WishlistTable } from '../../features/wishlist/components/wishlist-table';
import { useWishlist } from '../../features/wishlist/wishlist-store';

/** /wishlist (spec §2). */
export function WishlistRoute() {
  const items = useWishlist();
  return (
    <div className="container page">
      <title>Wishlist</title>
      <Breadcrumb items={[{ label: 'Home', to: '/' }, { label: 'Wishlist' }]} />
      <h1 className="page__title">Wishlist</h1>
      {items.length === 0 ? (
        <p>
          Your wishlist is empty. <Link to="/shop">Browse the shop</Link>
        </p>
      ) : (
        <WishlistTable items={items} />
      )}
    </div>
  );
}
