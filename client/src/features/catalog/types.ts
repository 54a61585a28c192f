/** Catalog shapes as the public API sends them (spec §3). */
export interface ProductCard {
  id: number;
  slug: string;
  name: string;
  fullname: string;
  sku: string;
  thumbnail: string;
  price: number | string;
  old_price: number | string | null;
  currency: string | null;
  badge: string | null;
}

export interface SizeOption {
  id: number;
  value: string;
  sold_out?: boolean;
  /** Units left when few (issue 16), else null or absent. */
  only_left?: number | null;
}

export interface ProductDetails extends ProductCard {
  description: string;
  category: { id: number; name: string; slug: string } | null;
  productAttr: SizeOption[];
  previewImages: Array<{ img: string }>;
  thumbImages: Array<{ thumb: string }>;
}

export interface Category {
  id: number;
  name: string;
  slug: string;
  children: Category[];
}

export interface ProductPage {
  data: ProductCard[];
  current_page: number;
  last_page: number;
  total: number;
  per_page: number;
}

export interface SearchSuggestion {
  id: number;
  name: string;
  slug: string;
  thumbnail?: string;
}
