import { sanitizeDescriptionHtml } from '../../description-html';
import type { ProductCardRow } from '../../queries/product-card.sql';
import type { ProductRowResponse, SizeOption } from '../../../../contracts/catalog';
import { toProductCard } from './product-card.response';

export type { ProductRowResponse };

export interface ProductRowRecord extends ProductCardRow {
  description_html: string;
  description_bn_html: string | null;
  images: Array<{ img: string; thumb: string }>;
  category: { id: number; name: string; slug: string };
  sizes: Array<{ id: number; value: string; available: number }>;
  low_stock_threshold: number;
}

export function toProductRow(record: ProductRowRecord): ProductRowResponse {
  return {
    ...toProductCard(record),
    // Stored sanitized; sanitized again on the way out so a row written around the API cannot carry script.
    description: sanitizeDescriptionHtml(record.description_html),
    description_bn: record.description_bn_html === null ? null : sanitizeDescriptionHtml(record.description_bn_html),
    category: record.category,
    productAttr: record.sizes.map(
      (size) =>
        ({
          id: size.id,
          value: size.value,
          sold_out: size.available <= 0,
          only_left: size.available > 0 && size.available <= record.low_stock_threshold ? size.available : null,
        }) satisfies SizeOption,
    ),
    previewImages: record.images.map((image) => ({ img: image.img })),
    thumbImages: record.images.map((image) => ({ thumb: image.thumb })),
  };
}
