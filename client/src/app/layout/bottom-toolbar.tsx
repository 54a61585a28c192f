import { NavLink } from 'react-router-dom';
import { CountBadge, countLabel } from './count-badge';
import { BagIcon, HeartIcon, HomeIcon, ShirtIcon } from './icons';
import {
  CART_STORAGE_KEY,
  CART_UPDATED_EVENT,
  WISHLIST_STORAGE_KEY,
  WISHLIST_UPDATED_EVENT,
} from './storage-keys';
import { useStoredListCount } from './use-stored-list-count';

/** Thumb-reach navigation on phones (hidden from 992px by CSS). Search joins it with the search box. */
export function BottomToolbar() {
  const wishlistCount = useStoredListCount(WISHLIST_STORAGE_KEY, WISHLIST_UPDATED_EVENT);
  const cartCount = useStoredListCount(CART_STORAGE_KEY, CART_UPDATED_EVENT);
  return (
    <nav className="bottom-toolbar" aria-label="Quick links">
      <ul className="bottom-toolbar__list">
        <li>
          <NavLink to="/" end className="bottom-toolbar__link">
            <HomeIcon />
            <span>Home</span>
          </NavLink>
        </li>
        <li>
          <NavLink to="/shop" className="bottom-toolbar__link">
            <ShirtIcon />
            <span>Shop</span>
          </NavLink>
        </li>
        <li>
          <NavLink to="/cart" className="bottom-toolbar__link" aria-label={countLabel('Cart', cartCount)}>
            <BagIcon />
            <span>Cart</span>
            <CountBadge count={cartCount} />
          </NavLink>
        </li>
        <li>
          <NavLink to="/wishlist" className="bottom-toolbar__link" aria-label={countLabel('Wishlist', wishlistCount)}>
            <HeartIcon />
            <span>Wishlist</span>
            <CountBadge count={wishlistCount} />
          </NavLink>
        </li>
      </ul>
    </nav>
  );
}
