import type { MessageKey } from '../../lib/i18n/keys';
import { t, useMessages } from '../../lib/i18n/locale';
import { pagesMessages } from '../../lib/i18n/messages/pages';
import { Link } from 'react-router-dom';
import { useCategoryTree } from '../../features/catalog/api/get-category-tree';
import { CategoryList } from '../../features/catalog/components/category-list';
import '../../features/catalog/components/catalog.css';

/** /categories: the spec does not show its content; the category tree is the useful answer. */
export function CategoriesRoute() {
  useMessages(pagesMessages);
  const { data, isPending } = useCategoryTree();
  return (
    <div className="container page">
      <title>{t('categories.title')}</title>
      <h1 className="page__title">{t('categories.title')}</h1>
      <CategoryList categories={data} isPending={isPending} />
    </div>
  );
}

const SITE_MAP = [
  ['/', 'nav.home'],
  ['/shop', 'nav.shop'],
  ['/offer', 'nav.offer'],
  ['/categories', 'categories.title'],
  ['/about', 'nav.about'],
  ['/contact', 'nav.contact'],
  ['/terms', 'footer.terms'],
  ['/privacy-policy', 'footer.privacy'],
  ['/return-policy', 'footer.returns'],
  ['/order-tracking', 'header.track'],
  ['/cart', 'header.cart'],
  ['/wishlist', 'header.wishlist'],
  ['/login', 'header.login'],
  ['/register', 'header.register'],
] as const satisfies ReadonlyArray<readonly [string, MessageKey]>;

/** /siteMap: content not shown in the spec; every public page. */
export function SiteMapRoute() {
  useMessages(pagesMessages);
  return (
    <div className="container page">
      <title>{t('siteMap.title')}</title>
      <h1 className="page__title">{t('siteMap.title')}</h1>
      <ul className="site-map">
        {SITE_MAP.map(([to, label]) => (
          <li key={to}>
            <Link to={to}>{t(label)}</Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
