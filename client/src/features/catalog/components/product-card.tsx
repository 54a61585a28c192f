import { Link } from 'react-router-dom';
import { t } from '../../../lib/i18n/locale';
import { badgeText, productName } from '../../../lib/i18n/product-text';
import { formatMoney } from '../../../lib/money';
import type { ProductCard as Product } from '../types';
import { ProductImage } from './product-image';

export interface ProductCardActions {
  onQuickView: (product: Product) => void;
  onAddToWishlist: (product: Product) => void;
}

/** A grid card (spec §2 Shop): image, badge, name, price and old price linking to the product; actions. */
export function ProductCard({ product, actions, eager = false }: { product: Product; actions?: ProductCardActions; eager?: boolean }) {
  const href = `/product-details/${product.slug}`;
  const name = productName(product);
  return (
    <article className="product-card">
      <Link to={href} className="product-card__media" tabIndex={-1} aria-hidden="true">
        <ProductImage src={product.thumbnail} alt="" eager={eager} />
      </Link>
      {product.badge && <span className="product-card__badge">{badgeText(product)}</span>}
      <div className="product-card__body">
        <h3 className="product-card__name">
          <Link to={href}>{name}</Link>
        </h3>
        <p className="product-card__price">
          <span className="visually-hidden">{t('catalog.price')}</span>
          <span>{formatMoney(product.price, product.currency)}</span>
          {product.old_price !== null && product.old_price !== undefined && Number(product.old_price) > 0 && (
            <del className="product-card__old-price">
              <span className="visually-hidden">{t('catalog.oldPrice')}</span>
              {formatMoney(product.old_price, product.currency)}
            </del>
          )}
        </p>
      </div>
      {actions && (
        <div className="product-card__actions">
          <button type="button" className="product-card__cart" onClick={() => actions.onQuickView(product)} aria-label={t('catalog.addToCartOf', { name })}>
            {t('catalog.addToCart')}
          </button>
          <button type="button" className="product-card__icon" onClick={() => actions.onAddToWishlist(product)} aria-label={t('catalog.addToWishlistOf', { name })}>
            <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
              <path d="M12 20s-7-4.4-9-9.1C1.7 7.6 4 4 7.4 4c2 0 3.5 1.1 4.6 2.7C13.1 5.1 14.6 4 16.6 4 20 4 22.3 7.6 21 10.9 19 15.6 12 20 12 20z" />
            </svg>
          </button>
          <button type="button" className="product-card__icon" onClick={() => actions.onQuickView(product)} aria-label={t('catalog.quickViewOf', { name })}>
            <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
              <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
              <circle cx="12" cy="12" r="3" />
            </svg>
          </button>
        </div>
      )}
    </article>
  );
}
