import { sanitizeDescriptionHtml } from '../../description-html';
import type { ProductCardRow } from '../../queries/product-card.sql';
import { ProductCardResponse, toProductCard } from './product-card.response';

export interface ProductRowRecord extends ProductCardRow {
  description_html: string;
  images: Array<{ img: string; thumb: string }>;
  category: { id: number; name: string; slug: string };
  sizes: Array<{ id: number; value: string; available: number }>;
  low_stock_threshold: number;
}

/** A size on the product page; sold-out sizes are shown but cannot be chosen. */
export interface SizeOption {
  id: number;
  value: string;
  sold_out: boolean;
  /** Units left when they are few (at or below the settings' low_stock_threshold), else null (issue 16). */
  only_left: number | null;
}

export interface ProductRowResponse extends ProductCardResponse {
  description: string;
  category: { id: number; name: string; slug: string };
  productAttr: SizeOption[];
  previewImages: Array<{ img: string }>;
  thumbImages: Array<{ thumb: string }>;
}

export function toProductRow(record: ProductRowRecord): ProductRowResponse {
  return {
    ...toProductCard(record),
    // Stored sanitized; sanitized again on the way out so a row written around the API cannot carry script.
    description: sanitizeDescriptionHtml(record.description_html),
    category: record.category,
    productAttr: record.sizes.map((size) => ({
      id: size.id,
      value: size.value,
      sold_out: size.available <= 0,
      only_left: size.available > 0 && size.available <= record.low_stock_threshold ? size.available : null,
    })),
    previewImages: record.images.map((image) => ({ img: image.img })),
    thumbImages: record.images.map((image) => ({ thumb: image.thumb })),
  };
}
