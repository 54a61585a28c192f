import type { ReactNode } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router-dom';
import { SYSTEM_PAGES } from './system-nav';
import { useStaffSession } from './staff-session-context';

const LINKS: Array<{ to: string; label: string; adminOnly?: boolean; end?: boolean; system?: boolean }> = [
  { to: '/admin', label: 'Dashboard', end: true },
  { to: '/admin/orders', label: 'Orders' },
  { to: '/admin/instant-order', label: 'Instant order' },
  { to: '/admin/payouts', label: 'Payouts' },
  { to: '/admin/returns', label: 'Returns' },
  { to: '/admin/stock', label: 'Stock' },
  { to: '/admin/offers', label: 'Lucky draw' },
  { to: '/admin/products', label: 'Products' },
  { to: '/admin/categories', label: 'Categories' },
  { to: '/admin/settings', label: 'Settings' },
  { to: '/admin/pages', label: 'Pages' },
  { to: '/admin/staff', label: 'Staff' },
  { to: '/admin/coupons', label: 'Coupons', adminOnly: true },
  // The operator's pages (event log, projections) stay out of the everyday menu: one "System" entry, admins only.
  { to: SYSTEM_PAGES[0].to, label: 'System', adminOnly: true, system: true },
];

/**
 * The console's own frame: none of the storefront's header, cart or bottom toolbar. `navBadges` puts a page's
 * live mark beside its menu entry (issue 31: new orders beside Orders), composed by the console's route file.
 */
export function ConsoleLayout({ navBadges = {} }: { navBadges?: Partial<Record<string, ReactNode>> }) {
  const { user, staffRole, logOut } = useStaffSession();
  const links = LINKS.filter((link) => !link.adminOnly || staffRole === 'admin');
  const { pathname } = useLocation();
  const inSystem = SYSTEM_PAGES.some((page) => pathname.startsWith(page.to));
  return (
    <div className="admin">
      <meta name="robots" content="noindex" />
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="admin-bar">
        <div className="admin-bar__top">
          <span className="admin-bar__brand">TeeBazaar · Operations</span>
          <span className="admin-bar__user">
            {user?.name} <span className="admin-badge">{staffRole}</span>
            <button type="button" className="link-button" onClick={logOut}>
              Log out
            </button>
          </span>
        </div>
        <nav aria-label="Console">
          <ul className="admin-nav">
            {links.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end={link.end} className={({ isActive }) => (isActive || (link.system && inSystem) ? 'active' : undefined)}>
                  {link.label}
                  {navBadges[link.to]}
                </NavLink>
              </li>
            ))}
            {staffRole === 'admin' && (
              <li>
                <NavLink to="/brand-list">Brands</NavLink>
              </li>
            )}
          </ul>
        </nav>
      </header>
      <main id="main" className="admin-main" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}

/** One console screen: its document title, its heading and what the page composes below it. */
export function ConsolePage({ id, title, heading = title, className, children }: { id: string; title: string; heading?: string; className?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`} className={className}>
      <title>{`${title} · Operations`}</title>
      <h1 id={`${id}-title`} className="page__title">
        {heading}
      </h1>
      {children}
    </section>
  );
}
