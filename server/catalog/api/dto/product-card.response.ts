import type { ProductCardRow } from '../../queries/product-card.sql';
import type { ProductCardResponse } from '../../../../contracts/catalog';
import { paisaToTaka } from '../../../common/money';

export type { ProductCardResponse };

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
    name_bn: row.name_bn,
    badge_bn: row.badge_bn ?? null,
  };
}
