import { Link } from 'react-router-dom';
import { useCategoryTree } from '../../features/catalog/api/get-category-tree';
import { CategoryList } from '../../features/catalog/components/category-list';
import '../../features/catalog/components/catalog.css';

/** /categories: the spec does not show its content; the category tree is the useful answer. */
export function CategoriesRoute() {
  const { data, isPending } = useCategoryTree();
  return (
    <div className="container page">
      <title>Categories</title>
      <h1 className="page__title">Categories</h1>
      <CategoryList categories={data} isPending={isPending} />
    </div>
  );
}

const SITE_MAP = [
  ['/', 'Home'],
  ['/shop', 'Shop'],
  ['/offer', 'Offer'],
  ['/categories', 'Categories'],
  ['/about', 'About Us'],
  ['/contact', 'Contact'],
  ['/terms', 'Terms & Conditions'],
  ['/privacy-policy', 'Privacy Policy'],
  ['/return-policy', 'Return Policy'],
  ['/order-tracking', 'Track your order'],
  ['/cart', 'Cart'],
  ['/wishlist', 'Wishlist'],
  ['/login', 'Login'],
  ['/register', 'Register'],
] as const;

/** /siteMap: content not shown in the spec; every public page. */
export function SiteMapRoute() {
  return (
    <div className="container page">
      <title>Site Map</title>
      <h1 className="page__title">Site Map</h1>
      <ul className="site-map">
        {SITE_MAP.map(([to, label]) => (
          <li key={to}>
            <Link to={to}>{label}</Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
