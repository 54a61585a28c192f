import { Module } from '@nestjs/common';
import { PublicCatalogController } from './api/public-catalog.controller';
import { CheckProductAttributeHandler } from './queries/check-product-attribute.query';
import { GetCategoriesHandler } from './queries/get-categories.query';
import { GetPostHandler } from './queries/get-post.query';
import { GetProductPageHandler } from './queries/get-product-page.query';
import { GetProductRowHandler } from './queries/get-product-row.query';
import { GetRelatedProductsHandler } from './queries/get-related-products.query';
import { GetSettingsHandler } from './queries/get-settings.query';
import { GetTrendingProductsHandler } from './queries/get-trending-products.query';
import { SearchProductsHandler } from './queries/search-products.query';
import { ReadModelCache } from './read-cache/read-model-cache';
import { ReadModelChanges } from './read-cache/read-model-changes';
import { ProductSearch } from './search/product-search';

/** Products, categories, settings and info pages: the shop's public read side. */
@Module({
  controllers: [PublicCatalogController],
  providers: [
    // Off until ReadModelChanges is listening: an answer is only kept while its changes can be heard.
    { provide: ReadModelCache, useFactory: () => new ReadModelCache(5_000, { enabled: false }) },
    ReadModelChanges,
    ProductSearch,
    GetSettingsHandler,
    GetCategoriesHandler,
    GetTrendingProductsHandler,
    GetProductPageHandler,
    SearchProductsHandler,
    GetProductRowHandler,
    GetRelatedProductsHandler,
    CheckProductAttributeHandler,
    GetPostHandler,
  ],
  exports: [ReadModelCache],
})
export class CatalogModule {}
