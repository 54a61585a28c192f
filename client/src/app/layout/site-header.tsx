import { Link, NavLink } from 'react-router-dom';
import { useSettingRow } from '../../features/settings/api/get-setting-row';
import { CountBadge, countLabel } from './count-badge';
import { BagIcon, HeartIcon, UserIcon } from './icons';
import {
  CART_STORAGE_KEY,
  CART_UPDATED_EVENT,
  WISHLIST_STORAGE_KEY,
  WISHLIST_UPDATED_EVENT,
} from './storage-keys';
import { useHasSession } from './use-has-session';
import { useStoredListCount } from './use-stored-list-count';

const MAIN_NAV = [
  { to: '/', label: 'Home', end: true },
  { to: '/shop', label: 'Shop', end: false },
  { to: '/offer', label: 'Offer', end: false },
  { to: '/about', label: 'About Us', end: false },
  { to: '/contact', label: 'Contact', end: false },
];

export function SiteHeader() {
  const { data: setting, isPending } = useSettingRow();
  const hasSession = useHasSession();
  const wishlistCount = useStoredListCount(WISHLIST_STORAGE_KEY, WISHLIST_UPDATED_EVENT);
  const cartCount = useStoredListCount(CART_STORAGE_KEY, CART_UPDATED_EVENT);

  return (
    <header className="site-header">
      <div className="topbar">
        <div className="container topbar__inner">
          <p className="topbar__welcome">
            {isPending ? (
              <span className="skeleton skeleton--inline" aria-hidden="true" />
            ) : (
              <>Welcome to {setting?.name ?? 'our store'}</>
            )}
          </p>
          <ul className="topbar__links">
            <li>
              <Link to="/order-tracking">Track your order</Link>
            </li>
            {setting?.email && (
              <li className="topbar__desktop-only">
                <a href={`mailto:${setting.email}`}>{setting.email}</a>
              </li>
            )}
            <li className="topbar__desktop-only">
              <span className="visually-hidden">Language: </span>English
            </li>
          </ul>
        </div>
      </div>

      <div className="container masthead">
        <Link to="/" className="brand">
          {isPending ? (
            <>
              <span className="skeleton skeleton--brand" aria-hidden="true" />
              <span className="visually-hidden">Home</span>
            </>
          ) : (
            (setting?.name ?? 'Home')
          )}
        </Link>
        <nav aria-label="Account, wishlist and cart">
          <ul className="masthead__actions">
            <li>
              <Link to={hasSession ? '/dashboard' : '/login'} className="header-action">
                <UserIcon />
                <span className="header-action__label">{hasSession ? 'My Account' : 'Login'}</span>
              </Link>
            </li>
            <li>
              <Link to="/wishlist" className="header-action" aria-label={countLabel('Wishlist', wishlistCount)}>
                <HeartIcon />
                <span className="header-action__label">Wishlist</span>
                <CountBadge count={wishlistCount} />
              </Link>
            </li>
            <li>
              <Link to="/cart" className="header-action" aria-label={countLabel('Cart', cartCount)}>
                <BagIcon />
                <span className="header-action__label">Cart</span>
                <CountBadge count={cartCount} />
              </Link>
            </li>
          </ul>
        </nav>
      </div>

      <nav className="main-nav" aria-label="Main">
        <ul className="container main-nav__list">
          {MAIN_NAV.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} end={item.end} className="main-nav__link">
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
