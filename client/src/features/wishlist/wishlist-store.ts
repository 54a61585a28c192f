import { t } from '../../lib/i18n/locale';
import { productName } from '../../lib/i18n/product-text';
import { storedJson } from '../../lib/storage';

/** Browser storage contract (spec §3): the `wishlist` key holds whole products, unique by id. */
export const WISHLIST_KEY = 'wishlist';
export const WISHLIST_UPDATED_EVENT = 'wishlist-updated';

export interface WishlistItem {
  id: number;
  name: string;
  /** Stored with the rest of the product card; absent on items stored before it (issue 18). */
  name_bn?: string | null;
  slug: string;
  thumbnail: string;
  currency: string | null;
  price: number | string;
  old_price: number | string | null;
}

export function parseWishlist(raw: unknown): WishlistItem[] {
  if (!Array.isArray(raw)) return [];
  return raw.filter((item): item is WishlistItem => typeof item === 'object' && item !== null && Number.isFinite(Number((item as { id?: unknown }).id)));
}

const wishlistStore = storedJson(WISHLIST_KEY, WISHLIST_UPDATED_EVENT, parseWishlist);
export const readWishlist = wishlistStore.read;
export const saveWishlist = wishlistStore.save;
export const useWishlist = wishlistStore.use;

export type AddToWishlistOutcome = { kind: 'added' } | { kind: 'duplicate'; title: string; message: string };

/** Adds the product unless one with its id is there (spec §5 duplicate message). */
export function addToWishlist(product: WishlistItem & Record<string, unknown>): AddToWishlistOutcome {
  const items = readWishlist();
  if (items.some((item) => Number(item.id) === Number(product.id))) {
    return { kind: 'duplicate', title: t('wishlist.already'), message: t('wishlist.alreadyText', { name: productName(product) }) };
  }
  saveWishlist([...items, product]);
  return { kind: 'added' };
}

export function removeFromWishlist(id: number): void {
  saveWishlist(readWishlist().filter((item) => Number(item.id) !== id));
}
