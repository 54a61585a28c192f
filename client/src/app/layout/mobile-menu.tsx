import { useId } from 'react';
import { NavLink } from 'react-router-dom';
import { CloseButton, Modal } from '../../components/ui/modal';
import { useCategoryTree } from '../../features/catalog/api/get-category-tree';
import { CategoryList } from '../../features/catalog/components/category-list';
import { t } from '../../lib/i18n/locale';
import { MAIN_NAV } from './site-header';

/** The phone's off-canvas menu: main links, account, categories. Choosing a link closes it. */
export function MobileMenu({ open, onClose, hasSession }: { open: boolean; onClose: () => void; hasSession: boolean }) {
  const titleId = useId();
  const { data: categories, isPending } = useCategoryTree();
  return (
    <Modal open={open} onClose={onClose} labelledBy={titleId} variant="drawer-left" className="mobile-menu">
      <CloseButton onClick={onClose} label={t('header.closeMenu')} />
      <h2 id={titleId} className="modal__title">
        {t('header.menu')}
      </h2>
      <nav aria-label={t('nav.mobile')}>
        <ul className="mobile-menu__list">
          {MAIN_NAV.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} end={item.end} onClick={onClose}>
                {t(item.label)}
              </NavLink>
            </li>
          ))}
          <li>
            <NavLink to="/order-tracking" onClick={onClose}>
              {t('header.track')}
            </NavLink>
          </li>
          <li>
            <NavLink to={hasSession ? '/dashboard' : '/login'} onClick={onClose}>
              {hasSession ? t('header.myAccount') : t('header.login')}
            </NavLink>
          </li>
        </ul>
      </nav>
      <h3 className="mobile-menu__heading">{t('nav.category')}</h3>
      <CategoryList categories={categories} isPending={isPending} onNavigate={onClose} />
    </Modal>
  );
}
