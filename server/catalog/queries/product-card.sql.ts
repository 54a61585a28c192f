import type { ProductCardResponse } from '../../../contracts/catalog';

/**
 * The columns every product list answer is built from, and their row type. Settings supply the currency
 * when a product has none of its own; LEFT JOIN so a store without settings still lists its products.
 */
export const PRODUCT_CARD_COLUMNS = `
  p.id, p.slug, p.name, p.fullname, p.sku, p.thumbnail, p.badge, p.badge_bn, p.price_paisa, p.old_price_paisa, p.name_bn,
  COALESCE(p.currency_symbol, s.currency, '৳') AS currency`;

export const PRODUCT_CARD_FROM = `products p LEFT JOIN settings s ON s.id = 1`;

/** The card's own fields as stored; money in paisa, turned into Taka by `toProductCard`. */
export interface ProductCardRow extends Omit<ProductCardResponse, 'price' | 'old_price'> {
  price_paisa: number;
  old_price_paisa: number | null;
}

export const PRODUCTS_PER_PAGE = 20;
