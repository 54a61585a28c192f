import { useId } from 'react';
import { Link } from 'react-router-dom';
import { HtmlContent } from '../../../components/ui/html-content';
import { CloseButton, Modal } from '../../../components/ui/modal';
import { formatMoney } from '../../../lib/money';
import { t, useMessages } from '../../../lib/i18n/locale';
import { productName, productTitle } from '../../../lib/i18n/product-text';
import { productMessages } from '../../../lib/i18n/messages/product';
import { useProductRow } from '../api/get-product-row';
import type { ProductCard, ProductDetails } from '../types';
import { ProductImage } from './product-image';
import { ProductPurchase, type AddToCartRequest } from './product-purchase';
import './catalog.css';

/** The quick-view popup (spec §2): everything needed to add a product to the cart without leaving the grid. */
export function QuickView({
  product,
  onClose,
  onAddToCart,
  onAddToWishlist,
}: {
  product: ProductCard | null;
  onClose: () => void;
  onAddToCart: (request: AddToCartRequest) => Promise<boolean>;
  onAddToWishlist: (product: ProductCard | ProductDetails) => void;
}) {
  useMessages(productMessages);
  const titleId = useId();
  const { data: details, isError } = useProductRow(product?.slug);
  const shown = details ?? product;

  return (
    <Modal open={product !== null} onClose={onClose} labelledBy={titleId} className="quick-view">
      <CloseButton onClick={onClose} />
      {shown && (
        <div className="quick-view__grid">
          <div className="quick-view__media">
            <ProductImage src={shown.thumbnail} alt={productName(shown)} eager />
          </div>
          <div className="quick-view__info">
            <h2 id={titleId} className="modal__title">
              {productTitle(shown)}
            </h2>
            <p className="muted">{t('product.sku', { sku: shown.sku })}</p>
            <p className="quick-view__price">
              <span className="visually-hidden">{t('catalog.price')}</span>
              {formatMoney(shown.price, shown.currency)}
              {shown.old_price !== null && Number(shown.old_price) > 0 && (
                <del className="product-card__old-price">
                  <span className="visually-hidden">{t('catalog.oldPrice')}</span>
                  {formatMoney(shown.old_price, shown.currency)}
                </del>
              )}
            </p>
            {details ? (
              <ProductPurchase
                product={details}
                onAddToCart={async (request) => {
                  const added = await onAddToCart(request);
                  if (added) onClose();
                  return added;
                }}
              />
            ) : isError ? (
              <p className="field__error">{t('product.loadFailedShort')}</p>
            ) : (
              <p className="muted" role="status">
                {t('product.loadingSizes')}
              </p>
            )}
            <button type="button" className="link-button" onClick={() => onAddToWishlist(details ?? shown)}>
              {t('product.addToWishlist')}
            </button>
            {details?.description && <HtmlContent html={details.description} className="quick-view__description" />}
            <Link to={`/product-details/${shown.slug}`} onClick={onClose}>
              {t('product.viewDetails')}
            </Link>
          </div>
        </div>
      )}
    </Modal>
  );
}
