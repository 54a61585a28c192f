import { t, useMessages } from '../../lib/i18n/locale';
import { categoryName } from '../../lib/i18n/product-text';
import { shopMessages } from '../../lib/i18n/messages/shop';
import { useParams } from 'react-router-dom';
import { useCategoryTree } from '../../features/catalog/api/get-category-tree';
import { useProductsByCategory } from '../../features/catalog/api/get-products-by-category';
import { useProductsByMainCategory } from '../../features/catalog/api/get-products-by-main-category';
import type { Category } from '../../features/catalog/types';
import { CatalogPage, CategoryNotFound, useListParams } from '../shop/catalog-page';

function findCategory(tree: Category[] | undefined, slug: string): { category?: Category; parent?: Category } {
  for (const parent of tree ?? []) {
    if (parent.slug === slug) return { category: parent };
    const child = parent.children.find((c) => c.slug === slug);
    if (child) return { category: child, parent };
  }
  return {};
}

/** /category/{slug}: a child category (getProductsByShopBycategory). */
export function ChildCategoryRoute() {
  useMessages(shopMessages);
  const { slug = '' } = useParams();
  const { page, search } = useListParams();
  const query = useProductsByCategory({ page, search, slug });
  const { data: tree } = useCategoryTree();
  const { category, parent } = findCategory(tree, slug);
  const title = category ? (parent ? `${categoryName(parent)} · ${categoryName(category)}` : categoryName(category)) : t('shop.category');
  const crumbs = [{ label: t('nav.home'), to: '/' }, { label: t('nav.shop'), to: '/shop' }, ...(parent ? [{ label: categoryName(parent), to: `/product-category/${parent.slug}` }] : []), { label: category ? categoryName(category) : slug }];
  if (tree && !category) return <UnknownCategory />;
  return <CatalogPage key={slug} title={title} crumbs={crumbs} query={query} />;
}

/** /product-category/{slug}: a parent category (shopByMainCategory). */
export function ParentCategoryRoute() {
  useMessages(shopMessages);
  const { slug = '' } = useParams();
  const { page, search } = useListParams();
  const query = useProductsByMainCategory({ page, search, slug });
  const { data: tree } = useCategoryTree();
  const { category } = findCategory(tree, slug);
  if (tree && !category) return <UnknownCategory />;
  return <CatalogPage key={slug} title={category ? categoryName(category) : t('shop.category')} crumbs={[{ label: t('nav.home'), to: '/' }, { label: t('nav.shop'), to: '/shop' }, { label: category ? categoryName(category) : slug }]} query={query} />;
}

function UnknownCategory() {
  useMessages(shopMessages);
  return (
    <div className="container page">
      <title>{t('shop.categoryNotFound')}</title>
      <h1 className="page__title">{t('shop.categoryNotFound')}</h1>
      <CategoryNotFound />
    </div>
  );
}
