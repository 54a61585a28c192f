import { localDigits, t } from '../../lib/i18n/locale';
import { storedJson } from '../../lib/storage';

/** Browser storage contract (spec §3, §4): the `cart` key, and `cart-updated` after every change. */
export const CART_KEY = 'cart';
export const CART_UPDATED_EVENT = 'cart-updated';

export interface CartLine {
  id: number;
  /** The English name; the checkout and the server's answers name the line by it. */
  name: string;
  /** The Bengali name when the product has one (issue 18); lines stored before it fall back to `name`. */
  name_bn?: string | null;
  /** Uppercased. */
  size: string;
  price: number;
  slug: string;
  qty: number;
  thumbnail: string;
  currency?: string | null;
  /** Set by the offer page (spec §2 Offer page). */
  coupon_code?: string;
}

/** Whatever is stored, as valid lines: unreadable entries are dropped, quantities are at least 1. */
export function parseCart(raw: unknown): CartLine[] {
  if (!Array.isArray(raw)) return [];
  return raw
    .filter((line): line is Record<string, unknown> => typeof line === 'object' && line !== null && Number.isFinite(Number((line as { id?: unknown }).id)))
    .map((line) => ({
      ...(line as object),
      id: Number(line.id),
      name: String(line.name ?? ''),
      size: String(line.size ?? '').toUpperCase(),
      price: Number(line.price) || 0,
      slug: String(line.slug ?? ''),
      qty: Math.max(1, Math.floor(Number(line.qty) || 1)),
      thumbnail: String(line.thumbnail ?? ''),
    })) as CartLine[];
}

const cartStore = storedJson(CART_KEY, CART_UPDATED_EVENT, parseCart);
export const readCart = cartStore.read;
export const saveCart = cartStore.save;
export const useCart = cartStore.use;

/** The §5 refusal for the same product id and size. */
export function duplicateMessage(id: number, size: string): string {
  return t('cart.duplicate', { id: localDigits(id), size });
}

export function findLine(lines: CartLine[], id: number, size: string): CartLine | undefined {
  const wanted = size.toUpperCase();
  return lines.find((line) => line.id === id && line.size.toUpperCase() === wanted);
}

export function setLineQty(lines: CartLine[], id: number, size: string, qty: number): CartLine[] {
  const value = Math.max(1, Math.floor(qty) || 1);
  return lines.map((line) => (line.id === id && line.size === size ? { ...line, qty: value } : line));
}

export function removeLine(lines: CartLine[], id: number, size: string): CartLine[] {
  return lines.filter((line) => !(line.id === id && line.size === size));
}

export function lineTotal(line: CartLine): number {
  return line.price * line.qty;
}

export function cartSubtotal(lines: CartLine[]): number {
  return lines.reduce((sum, line) => sum + lineTotal(line), 0);
}

/** Discount is a percent of the subtotal (spec §9), rounded to paisa. */
export function discountAmount(subtotal: number, percent: number): number {
  return Math.round(subtotal * percent) / 100;
}
