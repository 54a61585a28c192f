import { createHash, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { ForbiddenError, UnauthorizedError } from '../../common/errors/domain-error';
import { ReadModelCache } from '../read-cache/read-model-cache';
import { CATALOG_READ_MODEL, STOCK_READ_MODEL } from '../read-cache/read-model-tags';
import { feedCsv, feedItems, feedXml, type FeedItem, type FeedProduct } from './facebook-feed';
import { robotsTxt, sitemapXml, type SitemapPage } from './sitemap';
import { FIXED_PAGE_PATHS, INFO_PAGE_PATHS, StoreLinks } from './store-links';

/** A file ready to send: its text and a strong ETag, built once per change of the read models it comes from. */
export interface StoreFile {
  body: string;
  etag: string;
}

const CATALOG = [CATALOG_READ_MODEL];
const CATALOG_AND_STOCK = [CATALOG_READ_MODEL, STOCK_READ_MODEL];

/**
 * The sitemap, robots.txt and the Facebook / Instagram catalogue feed (issue 33), from the catalog's read
 * tables (published products only: drafts are in `catalog_products` alone) and the stock per size. Each is
 * kept in the answer cache under the read models it reads, so a rename, a new price or a size selling out
 * reaches the next fetch as soon as the projection has it (ADR 003), and an unchanged catalog costs no query.
 */
@Injectable()
export class StoreFiles {
  private readonly links: StoreLinks;
  private readonly feedToken: Buffer | null;

  constructor(
    private readonly dataSource: DataSource,
    private readonly cache: ReadModelCache,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.links = new StoreLinks(config.appOrigins[0]);
    this.feedToken = config.feedToken ? digest(config.feedToken) : null;
  }

  robots(): Promise<StoreFile> {
    return Promise.resolve(file(robotsTxt(this.links)));
  }

  sitemap(): Promise<StoreFile> {
    return this.cache.remember('store-files:sitemap', CATALOG, async () => file(sitemapXml(await this.sitemapPages(), this.links)));
  }

  /** With FEED_TOKEN set, the feed answers only its token: none is a 401, another a 403. */
  checkFeedToken(token: unknown): void {
    if (!this.feedToken) return;
    if (typeof token !== 'string' || token === '') throw new UnauthorizedError('feed-token-required');
    if (!timingSafeEqual(digest(token), this.feedToken)) throw new ForbiddenError('feed-token-wrong');
  }

  feed(format: 'csv' | 'xml'): Promise<StoreFile> {
    return this.cache.remember(`store-files:feed.${format}`, CATALOG_AND_STOCK, async () => {
      const { items, store } = await this.feedItems();
      if (format === 'csv') return file(feedCsv(items));
      return file(feedXml(items, { title: store, link: this.links.page('/'), description: `${store}: every product, one item per size` }));
    });
  }

  private feedItems(): Promise<{ items: FeedItem[]; store: string }> {
    return this.cache.remember('store-files:feed-items', CATALOG_AND_STOCK, async () => {
      const [products, settings]: [FeedProductRow[], Array<{ name: string }>] = await Promise.all([
        this.dataSource.query(
          `SELECT p.id, p.slug, p.sku, p.name, p.fullname, p.price_paisa, p.old_price_paisa, p.description_html,
                  COALESCE(p.images -> 0 ->> 'img', p.thumbnail) AS picture, COALESCE(c.name, '') AS category,
                  COALESCE((
                    SELECT json_agg(json_build_object('size', z.value, 'available', COALESCE(st.available, 0)) ORDER BY z.id)
                      FROM product_sizes ps
                      JOIN sizes z ON z.id = ps.size_id
                      LEFT JOIN sku_stock st ON st.product_id = ps.product_id AND st.size = z.value
                     WHERE ps.product_id = p.id), '[]') AS sizes
             FROM products p LEFT JOIN categories c ON c.id = p.category_id
            ORDER BY p.id`,
        ),
        this.dataSource.query(`SELECT name FROM settings WHERE id = 1`),
      ]);
      const store = settings[0]?.name?.trim() || 'Tee Bazaar';
      return { items: feedItems(products.map(toFeedProduct), this.links, store), store };
    });
  }

  private async sitemapPages(): Promise<SitemapPage[]> {
    const [products, categories, posts]: [
      Array<{ slug: string; updated_at: Date | null }>,
      Array<{ slug: string; parent_id: number | null }>,
      Array<{ category_id: number; updated_at: Date }>,
    ] = await Promise.all([
      // `products` holds the published products only; `catalog_products` says when each last changed.
      this.dataSource.query(`SELECT p.slug, cp.updated_at FROM products p LEFT JOIN catalog_products cp ON cp.id = p.id ORDER BY p.id`),
      this.dataSource.query(`SELECT slug, parent_id FROM categories ORDER BY parent_id NULLS FIRST, position, id`),
      this.dataSource.query(`SELECT category_id, updated_at FROM posts ORDER BY category_id`),
    ]);
    return [
      ...FIXED_PAGE_PATHS.map((path) => ({ path })),
      ...posts.filter((post) => INFO_PAGE_PATHS[post.category_id]).map((post) => ({ path: INFO_PAGE_PATHS[post.category_id], lastModified: day(post.updated_at) })),
      ...categories.map((category) => ({ path: this.links.category(category.slug, category.parent_id === null) })),
      ...products.map((product) => ({ path: this.links.product(product.slug), ...(product.updated_at ? { lastModified: day(product.updated_at) } : {}) })),
    ];
  }
}

interface FeedProductRow {
  id: number;
  slug: string;
  sku: string;
  name: string;
  fullname: string;
  price_paisa: number;
  old_price_paisa: number | null;
  description_html: string;
  picture: string;
  category: string;
  sizes: Array<{ size: string; available: number }>;
}

function toFeedProduct(row: FeedProductRow): FeedProduct {
  return {
    id: row.id,
    slug: row.slug,
    sku: row.sku,
    name: row.name,
    fullname: row.fullname,
    pricePaisa: row.price_paisa,
    oldPricePaisa: row.old_price_paisa,
    descriptionHtml: row.description_html,
    picture: row.picture,
    category: row.category,
    sizes: row.sizes,
  };
}

function file(body: string): StoreFile {
  return { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
}

/** Tokens are compared as digests of one length, so the comparison takes the same time whatever was sent. */
function digest(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}

function day(value: Date | string): string {
  return new Date(value).toISOString().slice(0, 10);
}
