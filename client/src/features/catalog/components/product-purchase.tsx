import { useId, useState } from 'react';
import { QuantityInput } from '../../../components/ui/quantity-input';
import { formatNumber, t } from '../../../lib/i18n/locale';
import type { ProductDetails } from '../types';


export interface AddToCartRequest {
  product: ProductDetails;
  size: string;
  qty: number;
}

/**
 * Size radios (values uppercased, sold-out sizes disabled), quantity and Add To Cart (spec §2, §4). A missing
 * size shows the red error; otherwise `onAddToCart` runs the stock and duplicate checks and says whether
 * the line was added, in which case size and quantity reset.
 */
export function ProductPurchase({
  product,
  onAddToCart,
  buttonLabel = t('product.addToCartButton'),
}: {
  product: ProductDetails;
  onAddToCart: (request: AddToCartRequest) => Promise<boolean>;
  buttonLabel?: string;
}) {
  const [size, setSize] = useState('');
  const [qty, setQty] = useState(1);
  const [sizeError, setSizeError] = useState(false);
  const [busy, setBusy] = useState(false);
  const errorId = useId();
  const groupId = useId();
  // Nothing left in any size: the button says so and cannot be pressed (issue 31), before any size is chosen.
  const soldOut = product.productAttr.length > 0 && product.productAttr.every((attr) => attr.sold_out);

  async function submit() {
    if (!size) {
      setSizeError(true);
      return;
    }
    setBusy(true);
    try {
      const added = await onAddToCart({ product, size, qty });
      if (added) {
        setSize('');
        setQty(1);
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="purchase">
      <fieldset className="purchase__sizes" aria-describedby={sizeError ? errorId : undefined}>
        <legend id={groupId} className="purchase__legend">
          {t('product.size')}
        </legend>
        <div className="purchase__size-list">
          {product.productAttr.map((attr) => {
            const value = attr.value.toUpperCase();
            return (
              <label key={attr.id} className={`size-option${attr.sold_out ? ' size-option--sold-out' : ''}`}>
                <input
                  type="radio"
                  name={`size-${product.id}`}
                  value={value}
                  checked={size === value}
                  disabled={attr.sold_out}
                  onChange={() => {
                    setSize(value);
                    setSizeError(false);
                  }}
                />
                <span>{value}</span>
                {attr.sold_out && <span className="visually-hidden">{t('product.soldOut')}</span>}
                {!attr.sold_out && attr.only_left ? <span className="visually-hidden">{t('product.onlyLeftHidden', { n: attr.only_left })}</span> : null}
              </label>
            );
          })}
        </div>
      </fieldset>
      <OnlyLeft product={product} size={size} />
      {soldOut && <p className="purchase__low">{t('product.soldOutAll')}</p>}
      {sizeError && (
        <p id={errorId} className="purchase__error" role="alert">
          {t('product.sizeRequired')}
        </p>
      )}
      <div className="purchase__row">
        <QuantityInput value={qty} onChange={setQty} />
        <button type="button" className="button purchase__add" onClick={() => void submit()} disabled={busy || soldOut}>
          {soldOut ? t('product.soldOutButton') : busy ? t('product.adding') : buttonLabel}
        </button>
      </div>
    </div>
  );
}

/** "Only N left" for the chosen size, or for the sizes running low before one is chosen (issue 16). */
function OnlyLeft({ product, size }: { product: ProductDetails; size: string }) {
  const low = product.productAttr.filter((attr) => !attr.sold_out && attr.only_left);
  const chosen = low.find((attr) => attr.value.toUpperCase() === size);
  if (size && !chosen) return null;
  if (chosen) return <p className="purchase__low">{t('product.onlyLeftIn', { n: chosen.only_left ?? 0, size })}</p>;
  if (low.length === 0) return null;
  return <p className="purchase__low">{t('product.onlyFew', { list: low.map((attr) => `${attr.value.toUpperCase()} (${formatNumber(attr.only_left ?? 0)})`).join(', ') })}</p>;
}
