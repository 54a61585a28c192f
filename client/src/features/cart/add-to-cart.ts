import { t } from '../../lib/i18n/locale';
import { ApiError } from '../../lib/api-client';
import { duplicateMessage, findLine, readCart, saveCart, type CartLine } from './cart-store';
import type { StockCheck, StockCheckParams } from './api/check-product-attribute';

export interface AddToCartInput {
  product: { id: number; name: string; name_bn?: string | null; slug: string; price: number | string; thumbnail: string; currency?: string | null };
  size: string;
  qty: number;
  couponCode?: string;
}

export type AddToCartOutcome =
  | { kind: 'added'; line: CartLine }
  | { kind: 'size-missing' }
  | { kind: 'out-of-stock'; message: string }
  | { kind: 'duplicate'; message: string }
  | { kind: 'failed' };

/**
 * Adds a line in the order spec §4 gives: size, then the stock check, then the duplicate check, then save
 * (which fires `cart-updated`). The stock check is injected so the order can be tested without a server.
 */
export async function addToCart(input: AddToCartInput, checkStock: (params: StockCheckParams) => Promise<StockCheck>): Promise<AddToCartOutcome> {
  const size = input.size.trim().toUpperCase();
  if (!size) return { kind: 'size-missing' };
  const qty = Math.max(1, Math.floor(input.qty) || 1);
  try {
    await checkStock({ product_id: input.product.id, slug: input.product.slug, size, qty });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) {
      return { kind: 'out-of-stock', message: error.serverMessage ?? t('cart.notAvailable') };
    }
    return { kind: 'failed' };
  }
  const lines = readCart();
  if (findLine(lines, input.product.id, size)) return { kind: 'duplicate', message: duplicateMessage(input.product.id, size) };
  const line: CartLine = {
    id: input.product.id,
    name: input.product.name,
    ...(input.product.name_bn ? { name_bn: input.product.name_bn } : {}),
    size,
    price: Number(input.product.price) || 0,
    slug: input.product.slug,
    qty,
    thumbnail: input.product.thumbnail,
    currency: input.product.currency ?? null,
    ...(input.couponCode ? { coupon_code: input.couponCode } : {}),
  };
  saveCart([...lines, line]);
  return { kind: 'added', line };
}
