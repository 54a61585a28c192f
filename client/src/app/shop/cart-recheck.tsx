import { useQueries } from '@tanstack/react-query';
import { ApiError } from '../../lib/api-client';
import { t, useMessages } from '../../lib/i18n/locale';
import { productName } from '../../lib/i18n/product-text';
import { cartMessages } from '../../lib/i18n/messages/cart';
import { formatMoney } from '../../lib/money';
import { getProductRow } from '../../features/catalog/api/get-product-row';
import type { ProductDetails } from '../../features/catalog/types';
import { saveCart, type CartLine } from '../../features/cart/cart-store';

export type LineCheck =
  | { line: CartLine; kind: 'ok' }
  | { line: CartLine; kind: 'price'; from: number; to: number }
  | { line: CartLine; kind: 'gone' };

/**
 * The cart's lines checked against the catalog as it is now (each product read fresh when the cart or the
 * checkout opens): a price an admin changed since the line was added, or a product or size no longer sold.
 * The server charges the current price whatever the browser stored, so the shopper is told before confirming.
 */
export function useCartRecheck(lines: CartLine[]) {
  const slugs = [...new Set(lines.map((line) => line.slug))];
  const results = useQueries({
    queries: slugs.map((slug) => ({
      queryKey: ['cart-recheck', slug],
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        getProductRow(slug, { signal }).catch((error: unknown) => {
          if (error instanceof ApiError && error.status === 404) return null;
          throw error;
        }),
      staleTime: 0,
      refetchOnMount: 'always' as const,
      retry: 1,
    })),
  });
  const current = new Map<string, ProductDetails | null | undefined>(slugs.map((slug, index) => [slug, results[index]?.data]));
  const checking = results.some((result) => result.isPending);
  const checks: LineCheck[] = lines.map((line) => {
    const product = current.get(line.slug);
    if (product === undefined) return { line, kind: 'ok' };
    if (product === null || !product.productAttr.some((size) => size.value.toUpperCase() === line.size.toUpperCase())) return { line, kind: 'gone' };
    const price = Number(product.price);
    return Math.abs(price - line.price) >= 0.005 ? { line, kind: 'price', from: line.price, to: price } : { line, kind: 'ok' };
  });
  const changes = checks.filter((check) => check.kind !== 'ok');
  return {
    checking,
    changes,
    /** The shopper accepts: lines take the current prices, products no longer sold leave the cart. */
    accept() {
      saveCart(
        checks.flatMap((check) => (check.kind === 'gone' ? [] : check.kind === 'price' ? [{ ...check.line, price: check.to }] : [check.line])),
      );
    },
  };
}

/** What changed since the lines were added, said before the shopper confirms anything. */
export function CartChangesNotice({ recheck, currency }: { recheck: ReturnType<typeof useCartRecheck>; currency?: string | null }) {
  useMessages(cartMessages);
  if (recheck.changes.length === 0) return null;
  // "৳650.00", as the shopper reads prices in the cart (Bengali digits in Bengali mode).
  const money = (amount: number) => formatMoney(amount, currency).replace(' ', '');
  return (
    <div className="notice notice--error cart-changes" role="alert">
      <p>
        <strong>{t('recheck.changed')}</strong>
      </p>
      <ul>
        {recheck.changes.map((check) => (
          <li key={`${check.line.id}-${check.line.size}`}>
            {productName(check.line)} ({check.line.size}):{' '}
            {check.kind === 'price' ? t('recheck.price', { from: money(check.from), to: money(check.to) }) : t('recheck.gone')}
          </li>
        ))}
      </ul>
      <button type="button" className="button" onClick={recheck.accept}>
        {t('recheck.update')}
      </button>
    </div>
  );
}
