import { NavLink } from 'react-router-dom';

/** The operator's pages, under the console's one "System" menu entry (admins only). */
export const SYSTEM_PAGES = [
  { to: '/admin/events', label: 'Events' },
  { to: '/admin/projections', label: 'Projections' },
] as const;

/** The tabs at the top of every System page. */
export function SystemNav() {
  return (
    <nav aria-label="System" className="admin-tabs">
      {SYSTEM_PAGES.map((page) => (
        <NavLink key={page.to} to={page.to} className={({ isActive }) => `button ${isActive ? '' : 'button--secondary'}`}>
          {page.label}
        </NavLink>
      ))}
    </nav>
  );
}
