import type { CategoryResponse, ProductCardResponse, ProductRowResponse, SearchHit, SizeOption } from '../../../../contracts/catalog';
import type { Paginated } from '../../../../contracts/paginated';

/** Catalog shapes as the public API sends them (contracts/catalog.ts). */
export type ProductCard = ProductCardResponse;
export type ProductDetails = ProductRowResponse;
export type Category = CategoryResponse;
export type { SizeOption };

export type ProductPage = Paginated<ProductCard>;

export type SearchSuggestion = SearchHit;
