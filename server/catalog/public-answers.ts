import { Inject, Injectable, Optional } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { DomainError } from '../common/errors/domain-error';
import { parseOrThrow } from '../common/validation/zod-validation.pipe';
import { categoryPageQuery, postQuery, shopPageQuery, slugQuery } from './api/catalog-query.schemas';
import { GetCategoriesQuery } from './queries/get-categories.query';
import { GetPostQuery } from './queries/get-post.query';
import { GetProductPageQuery, type ProductScope } from './queries/get-product-page.query';
import { GetProductRowQuery } from './queries/get-product-row.query';
import { GetRelatedProductsQuery } from './queries/get-related-products.query';
import { GetSettingsQuery } from './queries/get-settings.query';
import { GetTrendingProductsQuery } from './queries/get-trending-products.query';
import { type CachedAnswer, ReadModelCache } from './read-cache/read-model-cache';
import { CATALOG_READ_MODEL, STOCK_READ_MODEL } from './read-cache/read-model-tags';
import { STOREFRONT_PAYMENTS, type StorefrontPayments } from './storefront-payments';

const CATALOG = [CATALOG_READ_MODEL];
const CATALOG_AND_STOCK = [CATALOG_READ_MODEL, STOCK_READ_MODEL];

/**
 * The shop's cached public answers (ADR 003), one place for both who serve them: the public catalog calls
 * over HTTP, and the server's renderer of the storefront's first HTML (issue 33), which asks for the same
 * answers in-process instead of calling itself.
 */
@Injectable()
export class PublicCatalogAnswers {
  constructor(
    private readonly queries: QueryBus,
    private readonly cache: ReadModelCache,
    @Optional() @Inject(STOREFRONT_PAYMENTS) private readonly payments?: StorefrontPayments,
  ) {}

  settingRow(): Promise<CachedAnswer> {
    return this.cache.get('settingRow', CATALOG, async () => ({
      // Issue 34: the checkout offers "Pay with bKash" when the app has a gateway (fixed for the process).
      data: { ...(await this.queries.execute(new GetSettingsQuery())), bkash_checkout: this.payments?.gatewayReady === true },
    }));
  }

  categories(view: 'tree' | 'parents' | 'children'): Promise<CachedAnswer> {
    return this.cache.get(`categories:${view}`, CATALOG, async () => ({
      data: await this.queries.execute(new GetCategoriesQuery(view)),
    }));
  }

  trending(): Promise<CachedAnswer> {
    return this.cache.get('getProducts', CATALOG_AND_STOCK, async () => ({
      data: await this.queries.execute(new GetTrendingProductsQuery()),
    }));
  }

  productRow(slug: string): Promise<CachedAnswer> {
    return this.cache.get(`productRow:${slug}`, CATALOG_AND_STOCK, async () => ({
      data: await this.queries.execute(new GetProductRowQuery(slug)),
    }));
  }

  related(slug: string): Promise<CachedAnswer> {
    return this.cache.get(`related:${slug}`, CATALOG_AND_STOCK, async () => ({
      data: await this.queries.execute(new GetRelatedProductsQuery(slug)),
    }));
  }

  post(categoryId: number): Promise<CachedAnswer> {
    return this.cache.get(`post:${categoryId}`, CATALOG, async () => ({
      data: await this.queries.execute(new GetPostQuery(categoryId)),
    }));
  }

  productPage(scope: ProductScope, page: number, search: string | undefined): Promise<CachedAnswer> {
    const key = `page:${scope.kind === 'shop' ? '' : scope.slug}:${page}:${(search ?? '').toLowerCase()}`;
    // Product cards show no stock, so a page depends on the catalog only.
    return this.cache.get(key, CATALOG, () => this.queries.execute(new GetProductPageQuery(scope, page, search)));
  }

  /**
   * A storefront GET answered in-process (`/api/public/...?…`, as the client builds it): the parsed answer of a
   * call above with its status, a refusal's status and body, or null for a call not answered here.
   */
  async answerFor(url: string): Promise<{ status: number; body: unknown } | null> {
    const address = new URL(url, 'http://in-process.invalid');
    const query = Object.fromEntries(address.searchParams);
    try {
      const answer = await this.answerOf(address.pathname.replace(/^\/api\/public\//, ''), query);
      return answer && { status: 200, body: JSON.parse(answer.body) as unknown };
    } catch (error) {
      if (error instanceof DomainError) return { status: error.status, body: { message: error.message, code: error.code } };
      throw error;
    }
  }

  private answerOf(call: string, query: Record<string, string>): Promise<CachedAnswer> | null {
    switch (call) {
      case 'settingRow':
        return this.settingRow();
      case 'parentChildCategory':
        return this.categories('tree');
      case 'parentCategory':
        return this.categories('parents');
      case 'subCategory':
        return this.categories('children');
      case 'getProducts':
        return this.trending();
      case 'productRow':
        return this.productRow(parseOrThrow(slugQuery, query).slug);
      case 'getPostData':
        return this.post(parseOrThrow(postQuery, query).category_id);
      case 'getProductsByShop': {
        const { page, search } = parseOrThrow(shopPageQuery, query);
        return this.productPage({ kind: 'shop' }, page, search);
      }
      case 'getProductsByShopBycategory':
      case 'shopByMainCategory': {
        const { page, search, categlorySlug } = parseOrThrow(categoryPageQuery, query);
        return this.productPage({ kind: 'category', slug: categlorySlug }, page, search);
      }
      default:
        return null;
    }
  }
}
