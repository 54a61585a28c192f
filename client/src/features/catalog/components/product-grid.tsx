import { t } from '../../../lib/i18n/locale';
import type { ProductCard as Product } from '../types';
import { ProductCard, type ProductCardActions } from './product-card';
import './catalog.css';

/**
 * Products in a grid (spec §9 columns): `home` is 5 wide on large screens, `shop` 4/3/3/2. Loader while
 * loading, "No products found." when empty.
 */
export function ProductGrid({
  products,
  isPending,
  variant = 'shop',
  actions,
  eagerCount = 0,
}: {
  products: Product[] | undefined;
  isPending: boolean;
  variant?: 'home' | 'shop';
  actions?: ProductCardActions;
  eagerCount?: number;
}) {
  if (isPending && !products) {
    return (
      <div className="product-grid__loader" role="status">
        <span className="spinner" aria-hidden="true" />
        <span>{t('catalog.loadingProducts')}</span>
      </div>
    );
  }
  if (!products || products.length === 0) {
    return <p className="product-grid__empty">{t('catalog.noProducts')}</p>;
  }
  return (
    <ul className={`product-grid product-grid--${variant}`} aria-busy={isPending || undefined}>
      {products.map((product, index) => (
        <li key={product.id}>
          <ProductCard product={product} actions={actions} eager={index < eagerCount} />
        </li>
      ))}
    </ul>
  );
}
