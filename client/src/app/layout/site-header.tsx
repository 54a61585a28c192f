import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { CategoryMenu } from '../../features/catalog/components/category-menu';
import { SearchBox } from '../../features/catalog/components/search-box';
import { useSettingRow } from '../../features/settings/api/get-setting-row';
import type { MessageKey } from '../../lib/i18n/keys';
import { localDigits, t } from '../../lib/i18n/locale';
import { ownerWords } from '../../lib/i18n/product-text';
import { careLinks } from './care-links';
import { CountBadge } from './count-badge';
import { BagIcon, HeartIcon, MenuIcon, UserIcon } from './icons';
import { FOCUS_SEARCH_EVENT } from './layout-events';
import {
  CART_STORAGE_KEY,
  CART_UPDATED_EVENT,
  WISHLIST_STORAGE_KEY,
  WISHLIST_UPDATED_EVENT,
} from './storage-keys';
import { LanguageSwitch } from './language-switch';
import { useHasSession } from './use-has-session';
import { useStoredListCount } from './use-stored-list-count';

// Drawers load when first opened: they are not needed to show any page.
const MiniCart = lazy(() => import('../../features/cart/components/mini-cart').then((m) => ({ default: m.MiniCart })));
const MobileMenu = lazy(() => import('./mobile-menu').then((m) => ({ default: m.MobileMenu })));

export const MAIN_NAV: Array<{ to: string; label: MessageKey; end: boolean }> = [
  { to: '/', label: 'nav.home', end: true },
  { to: '/shop', label: 'nav.shop', end: false },
  { to: '/offer', label: 'nav.offer', end: false },
  { to: '/about', label: 'nav.about', end: false },
  { to: '/contact', label: 'nav.contact', end: false },
];

export function SiteHeader() {
  const { data: setting, isPending } = useSettingRow();
  const care = careLinks(setting);
  const hasSession = useHasSession();
  const wishlistCount = useStoredListCount(WISHLIST_STORAGE_KEY, WISHLIST_UPDATED_EVENT);
  const cartCount = useStoredListCount(CART_STORAGE_KEY, CART_UPDATED_EVENT);
  const [cartOpen, setCartOpen] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const searchInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const focusSearch = () => {
      window.scrollTo({ top: 0 });
      searchInput.current?.focus();
    };
    window.addEventListener(FOCUS_SEARCH_EVENT, focusSearch);
    return () => window.removeEventListener(FOCUS_SEARCH_EVENT, focusSearch);
  }, []);

  return (
    <header className="site-header">
      <div className="topbar">
        <div className="container topbar__inner">
          <p className="topbar__welcome">
            {isPending ? (
              <span className="skeleton skeleton--inline" aria-hidden="true" />
            ) : (
              t('header.welcome', { store: (setting && ownerWords(setting.name, setting.name_bn)) || t('header.ourStore') })
            )}
          </p>
          <ul className="topbar__links">
            {care.tel && (
              <li>
                <a href={care.tel}>
                  <span className="topbar__desktop-inline">{t('header.hotline')}</span>
                  <span className="topbar__phone-inline">{t('header.call')}</span>
                  <span className="topbar__desktop-inline">{localDigits(care.hotline)}</span>
                </a>
              </li>
            )}
            {care.whatsApp && (
              <li className="topbar__desktop-only">
                <a href={care.whatsApp} target="_blank" rel="noopener noreferrer">
                  WhatsApp<span className="visually-hidden">{t('header.newTab')}</span>
                </a>
              </li>
            )}
            <li>
              <Link to="/order-tracking">{t('header.track')}</Link>
            </li>
            {setting?.email && (
              <li className="topbar__desktop-only">
                <a href={`mailto:${setting.email}`}>{setting.email}</a>
              </li>
            )}
            <li>
              <LanguageSwitch />
            </li>
          </ul>
        </div>
      </div>

      <div className="container masthead">
        <button type="button" className="header-action masthead__menu" aria-label={t('header.menu')} aria-haspopup="dialog" onClick={() => setMenuOpen(true)}>
          <MenuIcon />
        </button>
        <Link to="/" className="brand">
          {isPending ? (
            <>
              <span className="skeleton skeleton--brand" aria-hidden="true" />
              <span className="visually-hidden">{t('nav.home')}</span>
            </>
          ) : (
            ((setting && ownerWords(setting.name, setting.name_bn)) || t('nav.home'))
          )}
        </Link>
        <div className="masthead__search">
          <SearchBox inputRef={searchInput} />
        </div>
        <nav aria-label={t('header.accountNav')} className="masthead__nav">
          <ul className="masthead__actions">
            <li>
              <Link to={hasSession ? '/dashboard' : '/login'} className="header-action">
                <UserIcon />
                <span className="header-action__label">{hasSession ? t('header.myAccount') : t('header.login')}</span>
              </Link>
            </li>
            <li>
              <Link to="/wishlist" className="header-action">
                <HeartIcon />
                <span className="header-action__label">{t('header.wishlist')}</span>
                <CountBadge count={wishlistCount} />
              </Link>
            </li>
            <li>
              <button
                type="button"
                className="header-action"
               
                aria-haspopup="dialog"
                onClick={() => setCartOpen(true)}
                onPointerEnter={() => void import('../../features/cart/components/mini-cart')}
              >
                <BagIcon />
                <span className="header-action__label">{t('header.cart')}</span>
                <CountBadge count={cartCount} />
              </button>
            </li>
          </ul>
        </nav>
      </div>

      <nav className="main-nav" aria-label={t('nav.main')}>
        <ul className="container main-nav__list">
          {MAIN_NAV.slice(0, 2).map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} end={item.end} className="main-nav__link">
                {t(item.label)}
              </NavLink>
            </li>
          ))}
          <li>
            <CategoryMenu />
          </li>
          {MAIN_NAV.slice(2).map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} end={item.end} className="main-nav__link">
                {t(item.label)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {cartOpen && (
        <Suspense fallback={null}>
          <MiniCart open onClose={() => setCartOpen(false)} currency={setting?.currency} />
        </Suspense>
      )}
      {menuOpen && (
        <Suspense fallback={null}>
          <MobileMenu open onClose={() => setMenuOpen(false)} hasSession={hasSession} />
        </Suspense>
      )}
    </header>
  );
}
