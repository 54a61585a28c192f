import { useId, useRef } from 'react';
import { t } from '../../../lib/i18n/locale';
import type { ProductCard as Product } from '../types';
import { ProductCard, type ProductCardActions } from './product-card';
import './catalog.css';

/**
 * A scroll-snap slider of product cards (spec §9: 2, 3 or 5 slides at 320, 768, 1024 px). Swipe on
 * touch screens; previous/next buttons move by one screenful.
 */
export function ProductSlider({ title, products, actions }: { title: string; products: Product[]; actions?: ProductCardActions }) {
  const track = useRef<HTMLUListElement>(null);
  const titleId = useId();
  const move = (direction: 1 | -1) => {
    const el = track.current;
    if (el) el.scrollBy({ left: direction * el.clientWidth, behavior: 'smooth' });
  };
  if (products.length === 0) return null;
  return (
    <section className="slider" aria-labelledby={titleId}>
      <div className="slider__head">
        <h2 id={titleId} className="section-title">
          {title}
        </h2>
        <div className="slider__controls">
          <button type="button" className="slider__button" aria-label={t('catalog.previousProducts')} onClick={() => move(-1)}>
            <span aria-hidden="true">‹</span>
          </button>
          <button type="button" className="slider__button" aria-label={t('catalog.nextProducts')} onClick={() => move(1)}>
            <span aria-hidden="true">›</span>
          </button>
        </div>
      </div>
      <ul className="slider__track" ref={track}>
        {products.map((product) => (
          <li key={product.id} className="slider__slide">
            <ProductCard product={product} actions={actions} />
          </li>
        ))}
      </ul>
    </section>
  );
}
