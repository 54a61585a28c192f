import { useState } from 'react';
import { ErrorNotice, Loading } from '../../console-kit/query-state';
import { useProductStock } from '../api/get-product-stock';
import { StockForm } from './stock-list';
import { StockHistory } from './stock-history';

/** A product's stock on its console page, draft or published: each size's count, receive, correct, history. */
export function ProductStock({ productId, sizes, canChange }: { productId: number; sizes: readonly string[]; canChange: boolean }) {
  const { pending, error, stock } = useProductStock(productId, sizes);
  const [open, setOpen] = useState<string | null>(null);
  return (
    <section className="card" aria-labelledby="product-stock-title">
      <h2 id="product-stock-title" className="section-title">
        Stock
      </h2>
      {sizes.length === 0 && <p className="muted">Choose the sizes it comes in first.</p>}
      {pending && sizes.length > 0 && <Loading label="Loading stock…" />}
      {error && <ErrorNotice error={error} what="Stock" />}
      {!pending && !error && (
        <ul className="admin-size-stock">
          {stock.map((row) => (
            <li key={row.size}>
              <p className="admin-size-stock__head">
                <strong>Size {row.size}</strong>{' '}
                <span className={row.available > 0 ? '' : 'admin-badge admin-badge--warn'}>{row.available > 0 ? `${row.available} in stock` : 'Sold out'}</span>
                {row.reserved > 0 && <span className="muted"> · {row.reserved} held for orders</span>}{' '}
                <button type="button" className="link-button" aria-expanded={open === row.size} onClick={() => setOpen(open === row.size ? null : row.size)}>
                  {open === row.size ? 'Close' : canChange ? `Change or see history of size ${row.size}` : `History of size ${row.size}`}
                </button>
              </p>
              {open === row.size && (
                <>
                  {canChange && (
                    <div className="admin-actions__row">
                      <StockForm sku={{ productId, size: row.size }} kind="receive" />
                      <StockForm sku={{ productId, size: row.size }} kind="adjust" />
                    </div>
                  )}
                  <h3>History of size {row.size}</h3>
                  <StockHistory productId={productId} size={row.size} />
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
