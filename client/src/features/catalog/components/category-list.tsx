import { NavLink } from 'react-router-dom';
import { t } from '../../../lib/i18n/locale';
import { categoryName } from '../../../lib/i18n/product-text';
import type { Category } from '../types';

/**
 * The Categories sidebar (spec §2 Shop): parents link to /product-category/{slug}, children to
 * /category/{slug}. `onNavigate` lets the off-canvas panel close when a category is chosen.
 */
export function CategoryList({ categories, isPending, onNavigate }: { categories: Category[] | undefined; isPending: boolean; onNavigate?: () => void }) {
  if (isPending && !categories) return <p className="muted">{t('catalog.loadingCategories')}</p>;
  return (
    <ul className="category-list">
      {(categories ?? []).map((parent) => (
        <li key={parent.id}>
          <NavLink to={`/product-category/${parent.slug}`} className="category-list__parent" onClick={onNavigate}>
            {categoryName(parent)}
          </NavLink>
          {parent.children.length > 0 && (
            <ul className="category-list__children">
              {parent.children.map((child) => (
                <li key={child.id}>
                  <NavLink to={`/category/${child.slug}`} onClick={onNavigate}>
                    {categoryName(child)}
                  </NavLink>
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ul>
  );
}
