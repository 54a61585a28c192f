import type { ProductCardRow } from '../../queries/product-card.sql';
import { paisaToTaka } from '../../../common/money';

/** A product in a list (shop grid, trending, related, wishlist): what a card shows and links to. */
export interface ProductCardResponse {
  id: number;
  slug: string;
  name: string;
  fullname: string;
  sku: string;
  thumbnail: string;
  price: number;
  old_price: number | null;
  currency: string;
  badge: string | null;
}

export function toProductCard(row: ProductCardRow): ProductCardResponse {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    fullname: row.fullname,
    sku: row.sku,
    thumbnail: row.thumbnail,
    price: paisaToTaka(row.price_paisa),
    old_price: row.old_price_paisa === null ? null : paisaToTaka(row.old_price_paisa),
    currency: row.currency,
    badge: row.badge,
  };
}
