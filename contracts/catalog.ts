/** Catalog answers of the public API: cards, the product page, categories. */

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

/** A size on the product page; sold-out sizes are shown but cannot be chosen. */
export interface SizeOption {
  id: number;
  value: string;
  sold_out: boolean;
  /** Units left when they are few (at or below the settings' low_stock_threshold), else null (issue 16). */
  only_left: number | null;
}

/** The product page (GET /public/productRow). */
export interface ProductRowResponse extends ProductCardResponse {
  description: string;
  category: { id: number; name: string; slug: string };
  productAttr: SizeOption[];
  previewImages: Array<{ img: string }>;
  thumbImages: Array<{ thumb: string }>;
}

export interface CategoryResponse {
  id: number;
  name: string;
  slug: string;
  children: CategoryResponse[];
}

/** One autocomplete suggestion of the header's search. */
export interface SearchHit {
  id: number;
  name: string;
  slug: string;
  thumbnail: string;
}
