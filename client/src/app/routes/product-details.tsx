import { useEffect, useRef, useState, type RefObject } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Breadcrumb } from '../../components/ui/breadcrumb';
import { HtmlContent } from '../../components/ui/html-content';
import { Loader } from '../../components/ui/spinner';
import { WhenVisible } from '../../components/ui/when-visible';
import { formatMoney } from '../../lib/money';
import { localDigits, t, useMessages } from '../../lib/i18n/locale';
import { ownerWords, productDescription, productName, productTitle } from '../../lib/i18n/product-text';
import { productMessages } from '../../lib/i18n/messages/product';
import { useProductRow } from '../../features/catalog/api/get-product-row';
import { useRelatedProducts } from '../../features/catalog/api/get-related-products';
import { ProductGallery } from '../../features/catalog/components/product-gallery';
import { ProductPurchase } from '../../features/catalog/components/product-purchase';
import type { ProductCardActions } from '../../features/catalog/components/product-card';
import { ProductSlider } from '../../features/catalog/components/product-slider';
import { ApiError } from '../../lib/api-client';
import { SizeChartDetails } from '../../features/catalog/components/size-chart';
import { sizeChartFor } from '../../features/catalog/size-charts';
import { useSettingRow } from '../../features/settings/api/get-setting-row';
import { ContactCare } from '../layout/contact-care';
import { useProductActions } from '../shop/use-product-actions';
import { NotFoundRoute } from './not-found';
import './product-details.css';

/** /product-details/{slug} (spec §2): gallery with zoom, sizes, quantity, add to cart, related slider. */
export function ProductDetailsRoute() {
  const { slug = '' } = useParams();
  useMessages(productMessages);
  const { data: product, isPending, isError, error } = useProductRow(slug);
  const { actions, quickView, addToCart, addToWishlist } = useProductActions();
  const summary = useRef<HTMLDivElement>(null);

  if (isPending) return <Loader label={t('product.loading')} />;
  if (isError && error instanceof ApiError && error.status === 404) return <NotFoundRoute />;
  if (isError || !product) {
    return (
      <div className="container page">
        <p className="notice notice--error" role="alert">
          {t('product.loadFailed')}
        </p>
      </div>
    );
  }

  const chart = sizeChartFor(product.category?.slug);
  const images = product.previewImages.length > 0 ? product.previewImages.map((i) => i.img) : [product.thumbnail];
  const name = productName(product);
  const description = productDescription(product);
  return (
    <div className="container page">
      <title>{name}</title>
      <Breadcrumb
        items={[
          { label: t('nav.home'), to: '/' },
          { label: t('nav.shop'), to: '/shop' },
          ...(product.category ? [{ label: product.category.name, to: `/category/${product.category.slug}` }] : []),
          { label: name },
        ]}
      />
      {/* Phone first (issue 32): name, price, sizes and Add to cart on the first screen; the pictures follow, and
          sit beside them on a desktop. */}
      <div className="product-details">
        <div className="product-details__summary" ref={summary}>
          <h1 className="page__title">{productTitle(product)}</h1>
          <p className="product-details__price">
            <span className="visually-hidden">{t('catalog.price')}</span>
            {formatMoney(product.price, product.currency)}
            {product.old_price !== null && Number(product.old_price) > 0 && (
              <del>
                <span className="visually-hidden">{t('catalog.oldPrice')}</span>
                {formatMoney(product.old_price, product.currency)}
              </del>
            )}
          </p>
          <ProductPurchase key={product.id} product={product} onAddToCart={addToCart} buttonLabel={t('product.addToCart')} />
          <button type="button" className="link-button" onClick={() => addToWishlist(product)}>
            {t('product.addToWishlist')}
          </button>
          <p className="muted">{t('product.sku', { sku: product.sku })}</p>
        </div>
        <div className="product-details__gallery">
          <ProductGallery key={product.id} images={images} name={name} />
        </div>
        <div className="product-details__info">
          {chart && <SizeChartDetails chart={chart} />}
          <StorePromises />
          {description && (
            <section aria-labelledby="description-title">
              <h2 id="description-title" className="product-details__subtitle">
                {t('product.description')}
              </h2>
              <HtmlContent html={description} />
            </section>
          )}
        </div>
      </div>
      <BuyBar summary={summary} name={name} price={formatMoney(product.price, product.currency)} />
      <WhenVisible minHeight="20rem">
        <RelatedProducts slug={slug} actions={actions} />
      </WhenVisible>
      {quickView}
    </div>
  );
}

/**
 * The buy bar (issue 32): once the name, price and Add to cart have scrolled out of sight, a bar at the bottom
 * keeps them in reach. Its button is the page's own Add to cart (a size not chosen yet is asked for there).
 */
function BuyBar({ summary, name, price }: { summary: RefObject<HTMLDivElement | null>; name: string; price: string }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const target = summary.current;
    if (!target || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => setShown(Boolean(entry && !entry.isIntersecting && entry.boundingClientRect.top < 0)));
    observer.observe(target);
    return () => observer.disconnect();
  }, [summary]);
  function buy() {
    const target = summary.current;
    target?.querySelector<HTMLButtonElement>('.purchase__add')?.click();
    requestAnimationFrame(() => {
      if (target?.querySelector('.purchase__error')) target.scrollIntoView({ behavior: 'smooth', block: 'start' });
    });
  }
  return (
    <div className="buy-bar" hidden={!shown}>
      <div className="container buy-bar__inner">
        <p className="buy-bar__text">
          <span className="buy-bar__name">{name}</span>
          <strong>{price}</strong>
        </p>
        <button type="button" className="button buy-bar__add" onClick={buy}>
          {t('product.addToCart')}
        </button>
      </div>
    </div>
  );
}

/** "You may also like": asked for only when the shopper scrolls near it. */
function RelatedProducts({ slug, actions }: { slug: string; actions: ProductCardActions }) {
  const { data: related = [] } = useRelatedProducts(slug);
  return <ProductSlider title={t('product.related')} products={related} actions={actions} />;
}

/** Cash on delivery, delivery times and the return rule, from the store settings (issue 16). */
function StorePromises() {
  const { data: setting } = useSettingRow();
  const inside = ownerWords(setting?.delivery_time_inside_dhaka, setting?.delivery_time_inside_dhaka_bn) || t('product.insideDefault');
  const outside = ownerWords(setting?.delivery_time_outside_dhaka, setting?.delivery_time_outside_dhaka_bn) || t('product.outsideDefault');
  const returnDays = setting?.return_days ?? 7;
  return (
    <section className="store-promises" aria-label={t('product.promises')}>
      <ul>
        <li>
          <strong>{t('product.cod')}</strong>{t('product.codText')}
        </li>
        <li>
          <strong>{t('product.delivery')}</strong>{t('product.deliveryText', { inside: localDigits(inside), outside: localDigits(outside) })}
        </li>
        <li>
          <strong>{t('product.returns')}</strong>{returnDays > 0 ? t('product.returnsWithin', { days: returnDays }) : t('product.returnsPolicy')}: <Link to="/return-policy">{t('product.returnPolicyLink')}</Link>.
        </li>
      </ul>
      <ContactCare text={t('product.sizeQuestion')} />
    </section>
  );
}
