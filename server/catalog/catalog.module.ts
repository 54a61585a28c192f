import { Module, type OnModuleInit } from '@nestjs/common';
import { StreamFolds } from '../event-store/command-path/stream-folds';
import { ProjectionRegistry } from '../event-store/projection-registry';
import { brandDecider } from './domain/brand';
import { categoryTreeFold, CATEGORY_TREE_STREAM, nameHolderFold } from './domain/catalog.events';
import { categoryDecider } from './domain/category';
import { postDecider } from './domain/post';
import { productDecider } from './domain/product';
import { settingsDecider } from './domain/settings';
import { AdminProductsController } from './api/admin-products.controller';
import { AdminStoreController } from './api/admin-store.controller';
import { BrandsController } from './api/brands.controller';
import { CategoryAdmin } from './admin/category-admin';
import { ProductAdmin } from './admin/product-admin';
import { SettingsAdmin } from './admin/settings-admin';
import { ProductPictures } from './pictures/product-pictures';
import { CatalogProjection } from './projections/catalog.projection';
import { CatalogWriter } from './write/catalog-writer';
import { PublicCatalogController } from './api/public-catalog.controller';
import { StoreFilesController } from './api/store-files.controller';
import { StoreFiles } from './sharing/store-files';
import { CheckProductAttributeHandler } from './queries/check-product-attribute.query';
import { GetCategoriesHandler } from './queries/get-categories.query';
import { GetPostHandler } from './queries/get-post.query';
import { GetProductPageHandler } from './queries/get-product-page.query';
import { GetProductRowHandler } from './queries/get-product-row.query';
import { GetRelatedProductsHandler } from './queries/get-related-products.query';
import { GetSettingsHandler } from './queries/get-settings.query';
import { GetTrendingProductsHandler } from './queries/get-trending-products.query';
import { SearchProductsHandler } from './queries/search-products.query';
import { AreaSearch } from './areas/area-search';
import { ReadModelCache } from './read-cache/read-model-cache';
import { ReadModelChanges } from './read-cache/read-model-changes';
import { ProductSearch } from './search/product-search';
import { PublicCatalogAnswers } from './public-answers';
import { FirstHtmlPages } from './first-html/first-html-pages';

/**
 * Products, categories, settings, info pages and brands: event streams written by the console (admin API),
 * the `catalog` projection that keeps their tables, and the shop's public read side.
 */
@Module({
  controllers: [PublicCatalogController, AdminProductsController, AdminStoreController, BrandsController, StoreFilesController],
  providers: [
    StoreFiles,
    // Off until ReadModelChanges is listening: an answer is only kept while its changes can be heard.
    { provide: ReadModelCache, useFactory: () => new ReadModelCache(5_000, { enabled: false }) },
    ReadModelChanges,
    ProductSearch,
    GetSettingsHandler,
    GetCategoriesHandler,
    GetTrendingProductsHandler,
    GetProductPageHandler,
    SearchProductsHandler,
    AreaSearch,
    GetProductRowHandler,
    GetRelatedProductsHandler,
    CheckProductAttributeHandler,
    GetPostHandler,
    CatalogWriter,
    ProductAdmin,
    CategoryAdmin,
    SettingsAdmin,
    ProductPictures,
    PublicCatalogAnswers,
    FirstHtmlPages,
  ],
  exports: [ReadModelCache, CatalogWriter, FirstHtmlPages],
})
export class CatalogModule implements OnModuleInit {
  constructor(
    private readonly projections: ProjectionRegistry,
    private readonly folds: StreamFolds,
  ) {}

  onModuleInit(): void {
    this.projections.register(new CatalogProjection());
    // Name reservations (product-slug-…, product-sku-…, category-slug-…): folded to their holder. Registered
    // before `product-` and `category-`, whose prefixes they share (the first registered prefix that fits wins).
    this.folds.register('product-slug-', nameHolderFold);
    this.folds.register('product-sku-', nameHolderFold);
    this.folds.register('category-slug-', nameHolderFold);
    this.folds.register(CATEGORY_TREE_STREAM, categoryTreeFold);
    this.folds.register('product-', productDecider);
    this.folds.register('category-', categoryDecider);
    this.folds.register('settings', settingsDecider);
    this.folds.register('post-', postDecider);
    this.folds.register('brand-', brandDecider);
  }
}
