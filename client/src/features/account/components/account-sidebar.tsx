import { NavLink } from 'react-router-dom';

/** Account side menu (spec §2): Dashboard, Wishlist, My Profile, Changes Password, Log Out. */
export function AccountSidebar({ onLogout }: { onLogout: () => void }) {
  return (
    <nav className="account-sidebar card" aria-label="Account">
      <ul>
        <li>
          <NavLink to="/dashboard" end>
            Dashboard
          </NavLink>
        </li>
        <li>
          <NavLink to="/wishlist">Wishlist</NavLink>
        </li>
        <li>
          <NavLink to="/users/profile">My Profile</NavLink>
        </li>
        <li>
          <NavLink to="/users/change-password">Changes Password</NavLink>
        </li>
        <li>
          <button type="button" className="link-button" onClick={onLogout}>
            Log Out
          </button>
        </li>
      </ul>
    </nav>
  );
}
