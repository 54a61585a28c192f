import { NavLink } from 'react-router-dom';
import { t } from '../../../lib/i18n/locale';

/** Account side menu (spec §2): Dashboard, Wishlist, My Profile, Changes Password, Log Out. */
export function AccountSidebar({ onLogout }: { onLogout: () => void }) {
  return (
    <nav className="account-sidebar card" aria-label={t('me.menu')}>
      <ul>
        <li>
          <NavLink to="/dashboard" end>
            {t('me.dashboard')}
          </NavLink>
        </li>
        <li>
          <NavLink to="/wishlist">{t('me.wishlist')}</NavLink>
        </li>
        <li>
          <NavLink to="/users/profile">{t('me.profile')}</NavLink>
        </li>
        <li>
          <NavLink to="/users/change-password">{t('me.changesPassword')}</NavLink>
        </li>
        <li>
          <button type="button" className="link-button" onClick={onLogout}>
            {t('me.logout')}
          </button>
        </li>
      </ul>
    </nav>
  );
}
