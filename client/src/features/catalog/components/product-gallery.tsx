import { useState, type PointerEvent } from 'react';
import { t } from '../../../lib/i18n/locale';
import { ProductImage } from './product-image';

const ZOOM = 2;

/**
 * An uploaded picture in the card's size (480 px) instead of the zoom's (1200 px): what the first screen of a
 * phone shows, at a fraction of the bytes (issue 33). The zoom's size is fetched when the shopper zooms.
 */
export const cardSized = (src: string) => src.replace(/-zoom\.webp$/, '-card.webp');

/**
 * Main image with thumbnails and zoom (spec §2, §9 "toggling between 1 and 2"): a mouse hovering the image
 * sees it at 2× following the pointer; a tap, click or the zoom button toggles 1× and 2×.
 */
export function ProductGallery({ images, name }: { images: string[]; name: string }) {
  const [index, setIndex] = useState(0);
  const [zoomed, setZoomed] = useState(false);
  const [origin, setOrigin] = useState('50% 50%');
  const current = images[index] ?? images[0] ?? '';

  function follow(event: PointerEvent<HTMLDivElement>) {
    const box = event.currentTarget.getBoundingClientRect();
    const x = ((event.clientX - box.left) / box.width) * 100;
    const y = ((event.clientY - box.top) / box.height) * 100;
    setOrigin(`${x.toFixed(1)}% ${y.toFixed(1)}%`);
  }

  return (
    <div className="gallery">
      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions -- tap to zoom repeats the zoom button below (aria-pressed), the control for keyboards and screen readers */}
      <div
        className={`gallery__main${zoomed ? ' gallery__main--zoomed' : ''}`}
        onPointerMove={follow}
        onPointerEnter={(event) => event.pointerType === 'mouse' && setZoomed(true)}
        onPointerLeave={(event) => event.pointerType === 'mouse' && setZoomed(false)}
        onClick={(event) => {
          follow(event as unknown as PointerEvent<HTMLDivElement>);
          setZoomed((z) => !z);
        }}
      >
        <div className="gallery__zoom" style={{ transform: `scale(${zoomed ? ZOOM : 1})`, transformOrigin: origin }}>
          <ProductImage src={zoomed ? current : cardSized(current)} alt={t('product.imageOf', { name, n: index + 1, total: images.length })} eager />
        </div>
      </div>
      <button type="button" className="button button--secondary gallery__zoom-button" aria-pressed={zoomed} onClick={() => setZoomed((z) => !z)}>
        {zoomed ? t('product.zoomOut') : t('product.zoomIn')}
      </button>
      {images.length > 1 && (
        <ul className="gallery__thumbs">
          {images.map((src, i) => (
            <li key={`${src}-${i}`}>
              <button type="button" className="gallery__thumb" aria-current={i === index || undefined} aria-label={t('product.showImage', { n: i + 1 })} onClick={() => setIndex(i)}>
                <ProductImage src={src} alt="" size={120} />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
