import { NavLink } from 'react-router-dom';
import { t } from '../../lib/i18n/locale';
import { CountBadge } from './count-badge';
import { BagIcon, HeartIcon, HomeIcon, SearchIcon, ShirtIcon } from './icons';
import { FOCUS_SEARCH_EVENT } from './layout-events';
import {
  CART_STORAGE_KEY,
  CART_UPDATED_EVENT,
  WISHLIST_STORAGE_KEY,
  WISHLIST_UPDATED_EVENT,
} from './storage-keys';
import { useStoredListCount } from './use-stored-list-count';

/** Thumb-reach navigation on phones (hidden from 992px by CSS): Home, Shop, Search, Cart, Wishlist. */
export function BottomToolbar() {
  const wishlistCount = useStoredListCount(WISHLIST_STORAGE_KEY, WISHLIST_UPDATED_EVENT);
  const cartCount = useStoredListCount(CART_STORAGE_KEY, CART_UPDATED_EVENT);
  return (
    <nav className="bottom-toolbar" aria-label={t('nav.quick')}>
      <ul className="bottom-toolbar__list">
        <li>
          <NavLink to="/" end className="bottom-toolbar__link">
            <HomeIcon />
            <span>{t('nav.home')}</span>
          </NavLink>
        </li>
        <li>
          <NavLink to="/shop" className="bottom-toolbar__link">
            <ShirtIcon />
            <span>{t('nav.shop')}</span>
          </NavLink>
        </li>
        <li>
          <button type="button" className="bottom-toolbar__link" onClick={() => window.dispatchEvent(new Event(FOCUS_SEARCH_EVENT))}>
            <SearchIcon />
            <span>{t('nav.search')}</span>
          </button>
        </li>
        <li>
          <NavLink to="/cart" className="bottom-toolbar__link">
            <BagIcon />
            <span>{t('header.cart')}</span>
            <CountBadge count={cartCount} />
          </NavLink>
        </li>
        <li>
          <NavLink to="/wishlist" className="bottom-toolbar__link">
            <HeartIcon />
            <span>{t('header.wishlist')}</span>
            <CountBadge count={wishlistCount} />
          </NavLink>
        </li>
      </ul>
    </nav>
  );
}
