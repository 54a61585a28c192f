import { Controller, Get, Inject, Optional, Query as QueryString, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import { parseOrThrow } from '../../common/validation/zod-validation.pipe';
import { CheckProductAttributeQuery } from '../queries/check-product-attribute.query';
import { GetCategoriesQuery } from '../queries/get-categories.query';
import { GetPostQuery } from '../queries/get-post.query';
import { GetProductPageQuery, ProductScope } from '../queries/get-product-page.query';
import { GetProductRowQuery } from '../queries/get-product-row.query';
import { GetRelatedProductsQuery } from '../queries/get-related-products.query';
import { GetSettingsQuery } from '../queries/get-settings.query';
import { GetTrendingProductsQuery } from '../queries/get-trending-products.query';
import { SearchProductsQuery } from '../queries/search-products.query';
import { ReadModelCache } from '../read-cache/read-model-cache';
import { CATALOG_READ_MODEL, STOCK_READ_MODEL } from '../read-cache/read-model-tags';
import { CACHE_POLICY, CachedGet, cachedRoutePaths, sendCached } from './cached-json';
import { AreaSearch } from '../areas/area-search';
import { ProductSearch } from '../search/product-search';
import {
  areasQuery,
  categoryPageQuery,
  checkProductAttributeQuery,
  postQuery,
  searchProductsQuery,
  searchSuggestionsQuery,
  shopPageQuery,
  slugQuery,
} from './catalog-query.schemas';
import { STOREFRONT_PAYMENTS, type StorefrontPayments } from '../storefront-payments';

const CATALOG = [CATALOG_READ_MODEL];
const CATALOG_AND_STOCK = [CATALOG_READ_MODEL, STOCK_READ_MODEL];

/**
 * The storefront's public catalog calls, paths and parameter names exactly as the specification's client
 * sends them. Answers come from the read models through the QueryBus and are cached per read model.
 */
@Controller('public')
export class PublicCatalogController {
  constructor(
    private readonly queries: QueryBus,
    private readonly cache: ReadModelCache,
    private readonly areaSearch: AreaSearch,
    private readonly productSearch: ProductSearch,
    @Optional() @Inject(STOREFRONT_PAYMENTS) private readonly payments?: StorefrontPayments,
  ) {}

  @CachedGet('settingRow')
  async settingRow(@Res() response: Response): Promise<void> {
    const answer = await this.cache.get('settingRow', CATALOG, async () => ({
      // Issue 34: the checkout offers "Pay with bKash" when the app has a gateway (fixed for the process).
      data: { ...(await this.queries.execute(new GetSettingsQuery())), bkash_checkout: this.payments?.gatewayReady === true },
    }));
    sendCached(response, answer, CACHE_POLICY.structure);
  }

  @CachedGet('parentChildCategory')
  async parentChildCategory(@Res() response: Response): Promise<void> {
    await this.categories('tree', response);
  }

  @CachedGet('parentCategory')
  async parentCategory(@Res() response: Response): Promise<void> {
    await this.categories('parents', response);
  }

  @CachedGet('subCategory')
  async subCategory(@Res() response: Response): Promise<void> {
    await this.categories('children', response);
  }

  @CachedGet('getProducts')
  async getProducts(@Res() response: Response): Promise<void> {
    const answer = await this.cache.get('getProducts', CATALOG_AND_STOCK, async () => ({
      data: await this.queries.execute(new GetTrendingProductsQuery()),
    }));
    sendCached(response, answer, CACHE_POLICY.products);
  }

  @CachedGet('getProductsByShop')
  async getProductsByShop(@QueryString() query: unknown, @Res() response: Response): Promise<void> {
    const { page, search } = parseOrThrow(shopPageQuery, query);
    await this.productPage({ kind: 'shop' }, page, search, response);
  }

  @CachedGet('getProductsByShopBycategory')
  async getProductsByShopBycategory(@QueryString() query: unknown, @Res() response: Response): Promise<void> {
    const { page, search, categlorySlug } = parseOrThrow(categoryPageQuery, query);
    await this.productPage({ kind: 'category', slug: categlorySlug }, page, search, response);
  }

  @CachedGet('shopByMainCategory')
  async shopByMainCategory(@QueryString() query: unknown, @Res() response: Response): Promise<void> {
    const { page, search, categlorySlug } = parseOrThrow(categoryPageQuery, query);
    await this.productPage({ kind: 'category', slug: categlorySlug }, page, search, response);
  }

  @CachedGet('search-products')
  async searchProducts(@QueryString() query: unknown, @Res() response: Response): Promise<void> {
    const { q, category_id } = parseOrThrow(searchProductsQuery, query);
    const categoryId = category_id === 'all' ? null : category_id;
    const answer = await this.cache.get(`search:${categoryId}:${q.toLowerCase()}`, CATALOG, async () => ({
      data: await this.queries.execute(new SearchProductsQuery(q, categoryId)),
    }));
    sendCached(response, answer, CACHE_POLICY.products);
  }

  /** Issue 32 (ADR 065): what to try when a search finds nothing; the shop shows them with trending products. */
  @CachedGet('search-suggestions')
  async searchSuggestions(@QueryString() query: unknown, @Res() response: Response): Promise<void> {
    const { q } = parseOrThrow(searchSuggestionsQuery, query);
    const answer = await this.cache.get(`search-suggestions:${q.toLowerCase()}`, CATALOG, async () => ({
      data: await this.productSearch.suggestions(q),
    }));
    sendCached(response, answer, CACHE_POLICY.products);
  }

  @CachedGet('productRow')
  async productRow(@QueryString() query: unknown, @Res() response: Response): Promise<void> {
    const { slug } = parseOrThrow(slugQuery, query);
    const answer = await this.cache.get(`productRow:${slug}`, CATALOG_AND_STOCK, async () => ({
      data: await this.queries.execute(new GetProductRowQuery(slug)),
    }));
    sendCached(response, answer, CACHE_POLICY.products);
  }

  @CachedGet('relatedProducts')
  async relatedProducts(@QueryString() query: unknown, @Res() response: Response): Promise<void> {
    const { slug } = parseOrThrow(slugQuery, query);
    const answer = await this.cache.get(`related:${slug}`, CATALOG_AND_STOCK, async () => ({
      data: await this.queries.execute(new GetRelatedProductsQuery(slug)),
    }));
    sendCached(response, answer, CACHE_POLICY.products);
  }

  /**
   * The address picker (ADR 059): districts, upazilas and city thanas matching the typed text, each with its
   * delivery zone, from the in-memory index (`AreaSearch` keeps its answers until the settings change). It
   * carries an ETag and revalidates like the catalog's answers.
   */
  @CachedGet('areas')
  async areas(@QueryString() query: unknown, @Res() response: Response): Promise<void> {
    const { q } = parseOrThrow(areasQuery, query);
    sendCached(response, await this.areaSearch.answer(q), CACHE_POLICY.structure);
  }

  /** Never cached: the answer decides whether a line may go into the cart. */
  @Get('checkProductAttribue')
  async checkProductAttribute(@QueryString() query: unknown, @Res({ passthrough: true }) response: Response) {
    const { product_id, slug, size, qty } = parseOrThrow(checkProductAttributeQuery, query);
    response.setHeader('Cache-Control', 'no-store');
    return this.queries.execute(new CheckProductAttributeQuery({ id: product_id, slug }, size, qty));
  }

  @CachedGet('getPostData')
  async getPostData(@QueryString() query: unknown, @Res() response: Response): Promise<void> {
    const { category_id } = parseOrThrow(postQuery, query);
    const answer = await this.cache.get(`post:${category_id}`, CATALOG, async () => ({
      data: await this.queries.execute(new GetPostQuery(category_id)),
    }));
    sendCached(response, answer, CACHE_POLICY.structure);
  }

  private async categories(view: 'tree' | 'parents' | 'children', response: Response): Promise<void> {
    const answer = await this.cache.get(`categories:${view}`, CATALOG, async () => ({
      data: await this.queries.execute(new GetCategoriesQuery(view)),
    }));
    sendCached(response, answer, CACHE_POLICY.structure);
  }

  private async productPage(scope: ProductScope, page: number, search: string | undefined, response: Response): Promise<void> {
    const key = `page:${scope.kind === 'shop' ? '' : scope.slug}:${page}:${(search ?? '').toLowerCase()}`;
    // Product cards show no stock, so a page depends on the catalog only.
    const answer = await this.cache.get(key, CATALOG, () => this.queries.execute(new GetProductPageQuery(scope, page, search)));
    sendCached(response, answer, CACHE_POLICY.products);
  }
}

/**
 * The full paths of the calls above answered by `sendCached` (declared with `CachedGet`), which compresses
 * each answer once: the compression middleware passes them by (server/app.ts). The catalog API suite checks
 * every one of them.
 */
export const PRECOMPRESSED_PATHS: readonly string[] = cachedRoutePaths(PublicCatalogController, '/api');
