import { Controller, Get, Query as QueryString, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import { parseOrThrow } from '../../common/validation/zod-validation.pipe';
import { CheckProductAttributeQuery } from '../queries/check-product-attribute.query';
import type { ProductScope } from '../queries/get-product-page.query';
import { PublicCatalogAnswers } from '../public-answers';
import { SearchProductsQuery } from '../queries/search-products.query';
import { ReadModelCache } from '../read-cache/read-model-cache';
import { CATALOG_READ_MODEL } from '../read-cache/read-model-tags';
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

const CATALOG = [CATALOG_READ_MODEL];

/**
 * The storefront's public catalog calls, paths and parameter names exactly as the specification's client
 * sends them. Answers come from the read models through the QueryBus and are cached per read model.
 */
@Controller('public')
export class PublicCatalogController {
  constructor(
    private readonly queries: QueryBus,
    private readonly cache: ReadModelCache,
    private readonly answers: PublicCatalogAnswers,
    private readonly areaSearch: AreaSearch,
    private readonly productSearch: ProductSearch,
  ) {}

  @CachedGet('settingRow')
  async settingRow(@Res() response: Response): Promise<void> {
    sendCached(response, await this.answers.settingRow(), CACHE_POLICY.structure);
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
    sendCached(response, await this.answers.trending(), CACHE_POLICY.products);
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
    sendCached(response, await this.answers.productRow(slug), CACHE_POLICY.products);
  }

  @CachedGet('relatedProducts')
  async relatedProducts(@QueryString() query: unknown, @Res() response: Response): Promise<void> {
    const { slug } = parseOrThrow(slugQuery, query);
    sendCached(response, await this.answers.related(slug), CACHE_POLICY.products);
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
    sendCached(response, await this.answers.post(category_id), CACHE_POLICY.structure);
  }

  private async categories(view: 'tree' | 'parents' | 'children', response: Response): Promise<void> {
    sendCached(response, await this.answers.categories(view), CACHE_POLICY.structure);
  }

  private async productPage(scope: ProductScope, page: number, search: string | undefined, response: Response): Promise<void> {
    sendCached(response, await this.answers.productPage(scope, page, search), CACHE_POLICY.products);
  }
}

/**
 * The full paths of the calls above answered by `sendCached` (declared with `CachedGet`), which compresses
 * each answer once: the compression middleware passes them by (server/app.ts). The catalog API suite checks
 * every one of them.
 */
export const PRECOMPRESSED_PATHS: readonly string[] = cachedRoutePaths(PublicCatalogController, '/api');
