import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { NotFoundError, ValidationFailedError } from '../../common/errors/domain-error';
import { paisaToTaka, takaToPaisa } from '../../common/money';
import type { RequestMetadata } from '../../common/request/request-metadata';
import { EventStore } from '../../event-store/event-store';
import { paginated, type Paginated } from '../../common/paginated';
import { likeEscaped, SqlConditions } from '../../common/sql/sql-conditions';
import { sanitizeDescriptionHtml } from '../description-html';
import { productStreamId, type ProductDetails, type ProductEvent, type ProductImage } from '../domain/catalog.events';
import { productDecider, type ChangeProduct, type ProductCommand, type ProductState } from '../domain/product';
import { productRowOf, type StoredProduct } from '../projections/catalog.projection';
import { CatalogWriter, type Reservation, type WriteRequest } from '../write/catalog-writer';
import { slugify, type changeProductRequest, type createProductRequest } from './admin-catalog.requests';
import type { z } from 'zod';
import type { AdminProduct, ProductHistoryEntry } from '../../../contracts/catalog-admin';

export type AdminProductResponse = AdminProduct;
export type { ProductHistoryEntry };

const PER_PAGE = 20;

/** The console's product work: list and read from `catalog_products`, change through the product stream. */
@Injectable()
export class ProductAdmin {
  constructor(
    private readonly writer: CatalogWriter,
    private readonly dataSource: DataSource,
    private readonly eventStore: EventStore,
  ) {}

  async list(filter: { page: number; search?: string; categoryId?: number; status?: 'draft' | 'published' | 'all' }): Promise<Paginated<AdminProductResponse>> {
    const conditions = new SqlConditions();
    if (filter.search) {
      conditions.add((p) => `(p.name ILIKE ${p} OR p.name_bn ILIKE ${p} OR p.fullname ILIKE ${p} OR p.sku ILIKE ${p} OR p.slug ILIKE ${p})`, `%${likeEscaped(filter.search)}%`);
    }
    if (filter.categoryId) {
      conditions.add((p) => `(p.category_id = ${p} OR p.category_id IN (SELECT id FROM categories WHERE parent_id = ${p}))`, filter.categoryId);
    }
    if (filter.status === 'draft') conditions.addFixed('NOT p.published');
    if (filter.status === 'published') conditions.addFixed('p.published');
    const { where, parameters } = conditions;
    const [{ total }] = await this.dataSource.query(`SELECT count(*)::int AS total FROM catalog_products p ${where}`, parameters);
    const rows: StoredProduct[] = await this.dataSource.query(
      `SELECT * FROM catalog_products p ${where} ORDER BY p.created_at DESC, p.id DESC LIMIT ${PER_PAGE} OFFSET ${(filter.page - 1) * PER_PAGE}`,
      parameters,
    );
    return paginated(rows.map(fromRow), filter.page, total, PER_PAGE);
  }

  async get(id: number): Promise<AdminProductResponse> {
    const rows: StoredProduct[] = await this.dataSource.query(`SELECT * FROM catalog_products WHERE id = $1`, [id]);
    if (rows.length > 0) return fromRow(rows[0]);
    // Not projected yet (or no such product): the stream is the truth.
    const history = await this.eventStore.readStream(productStreamId(id));
    if (history.length === 0) throw new NotFoundError('product-not-found');
    let state = productDecider.initialState();
    for (const event of history) state = productDecider.evolve(state, event as never);
    return fromState(state, history.length);
  }

  async create(input: z.output<typeof createProductRequest>, meta: RequestMetadata): Promise<AdminProductResponse> {
    await this.requireCategory(input.category_id);
    const productId = await this.writer.nextId('product');
    const slug = input.slug ?? (await this.freeSlug(slugify(input.name) || `product-${productId}`));
    const sku = input.sku ?? `TB-${String(productId).padStart(5, '0')}`;
    const reserve: Reservation[] = [
      { kind: 'product-slug', value: slug, ownerId: productId, field: 'slug' },
      { kind: 'product-sku', value: sku, ownerId: productId, field: 'sku' },
    ];
    const created = await this.write(productId, meta, {
      reserve,
      command: {
        type: 'CreateProduct',
        data: {
          productId,
          slug,
          sku,
          name: input.name,
          fullname: input.fullname || input.name,
          categoryId: input.category_id,
          descriptionHtml: sanitizeDescriptionHtml(input.description ?? ''),
          badge: input.badge ?? null,
          ...bengaliTexts(input),
          pricePaisa: takaToPaisa(input.price),
          oldPricePaisa: input.old_price == null ? null : takaToPaisa(input.old_price),
          sizes: input.sizes,
          images: [],
          createdAt: null,
        },
      },
    });
    return input.publish ? this.publish(productId, true, meta) : created;
  }

  async change(id: number, input: z.output<typeof changeProductRequest>, expectedVersion: number | undefined, meta: RequestMetadata): Promise<AdminProductResponse> {
    if (input.category_id !== undefined) await this.requireCategory(input.category_id);
    const reserve: Reservation[] = [];
    return this.write(id, meta, {
      expectedVersion,
      reserve,
      command: (state) => {
        if (!state.exists) throw new NotFoundError('product-not-found');
        reserve.length = 0;
        if (input.slug !== undefined && input.slug !== state.details.slug) reserve.push({ kind: 'product-slug', value: input.slug, ownerId: id, field: 'slug' });
        if (input.sku !== undefined && input.sku !== state.details.sku) reserve.push({ kind: 'product-sku', value: input.sku, ownerId: id, field: 'sku' });
        return { type: 'ChangeProduct', data: changeOf(input, state) };
      },
    });
  }

  async publish(id: number, published: boolean, meta: RequestMetadata, expectedVersion?: number): Promise<AdminProductResponse> {
    return this.write(id, meta, { expectedVersion, command: { type: published ? 'PublishProduct' : 'UnpublishProduct' } });
  }

  async addImage(id: number, image: ProductImage, meta: RequestMetadata): Promise<AdminProductResponse> {
    return this.write(id, meta, {
      command: (state) => {
        if (!state.exists) throw new NotFoundError('product-not-found');
        if (state.images.length >= 20) throw ValidationFailedError.field('image', 'pictures-too-many');
        if (state.images.some((existing) => existing.img === image.img)) return { type: 'ChangeProduct', data: {} };
        return { type: 'ChangeProduct', data: { images: [...state.images, image] } };
      },
    });
  }

  async history(id: number): Promise<{ data: ProductHistoryEntry[] }> {
    const events = await this.eventStore.readStream(productStreamId(id));
    if (events.length === 0) throw new NotFoundError('product-not-found');
    return {
      data: events.map((event) => {
        const actor = event.metadata.actor ?? { id: 'unknown', role: 'system' };
        return {
          version: event.streamPosition,
          type: event.type,
          at: event.recordedAt.toISOString(),
          by: { id: actor.id, name: actor.name ?? null, role: actor.role },
          changes: describeChange(event.type, event.data as Record<string, unknown>),
        };
      }),
    };
  }

  /** One write to the product's stream, answered with the product as it left it. */
  private async write(id: number, meta: RequestMetadata, request: Pick<WriteRequest<ProductCommand, ProductState, ProductEvent>, 'command' | 'expectedVersion' | 'reserve'>): Promise<AdminProductResponse> {
    const result = await this.writer.write({ streamId: productStreamId(id), decider: productDecider, noun: 'product', meta, ...request });
    return fromState(result.state, result.version);
  }

  private async requireCategory(id: number): Promise<void> {
    const rows = await this.dataSource.query(`SELECT 1 FROM categories WHERE id = $1`, [id]);
    if (rows.length === 0) throw ValidationFailedError.field('category_id', 'category-unknown');
  }

  /** The name's slug, or with -2, -3 ... when a product already holds it (reserved, or in the console's list). */
  private async freeSlug(base: string): Promise<string> {
    const like = `${likeEscaped(base)}-%`;
    const rows: Array<{ slug: string }> = await this.dataSource.query(
      `SELECT substr(stream_id, length('product-slug-') + 1) AS slug FROM events
        WHERE type = 'NameReserved' AND (stream_id = 'product-slug-' || $1 OR stream_id LIKE 'product-slug-' || $2)
       UNION SELECT lower(slug) FROM catalog_products WHERE lower(slug) = $1 OR lower(slug) LIKE $2
       UNION SELECT lower(slug) FROM products WHERE lower(slug) = $1 OR lower(slug) LIKE $2`,
      [base, like],
    );
    const taken = new Set(rows.map((row) => row.slug));
    if (!taken.has(base)) return base;
    for (let n = 2; ; n += 1) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
  }
}

function changeOf(input: z.output<typeof changeProductRequest>, state: ProductState): ChangeProduct['data'] {
  const change: ChangeProduct['data'] = {};
  if (input.name !== undefined) change.name = input.name;
  if (input.fullname !== undefined) change.fullname = input.fullname || input.name || state.details.name;
  if (input.category_id !== undefined) change.categoryId = input.category_id;
  if (input.description !== undefined) change.descriptionHtml = sanitizeDescriptionHtml(input.description);
  if (input.badge !== undefined) change.badge = input.badge;
  Object.assign(change, bengaliTexts(input));
  if (input.sku !== undefined) change.sku = input.sku;
  if (input.slug !== undefined) change.slug = input.slug;
  if (input.price !== undefined) change.pricePaisa = takaToPaisa(input.price);
  if (input.old_price !== undefined) change.oldPricePaisa = input.old_price === null ? null : takaToPaisa(input.old_price);
  if (input.sizes !== undefined) change.sizes = input.sizes;
  if (input.images !== undefined) {
    const byUrl = new Map(state.images.map((image) => [image.img, image]));
    const images = input.images.map((url) => {
      const image = byUrl.get(url);
      if (!image) throw ValidationFailedError.field('images', 'pictures-foreign');
      return image;
    });
    if (new Set(input.images).size !== input.images.length) throw ValidationFailedError.field('images', 'pictures-repeated');
    change.images = images;
  }
  return change;
}

/**
 * The Bengali texts the request sets, cleaned as the English ones are; blank (or a description with nothing
 * left once sanitized) is none. Absent fields stay absent, so a product without Bengali records no null.
 */
function bengaliTexts(input: { name_bn?: string | null; description_bn?: string | null; badge_bn?: string | null }): Pick<ProductDetails, 'nameBn' | 'descriptionBnHtml' | 'badgeBn'> {
  const texts: Pick<ProductDetails, 'nameBn' | 'descriptionBnHtml' | 'badgeBn'> = {};
  if (input.name_bn !== undefined) texts.nameBn = input.name_bn || null;
  if (input.badge_bn !== undefined) texts.badgeBn = input.badge_bn || null;
  if (input.description_bn !== undefined) texts.descriptionBnHtml = (input.description_bn && sanitizeDescriptionHtml(input.description_bn).trim()) || null;
  return texts;
}

function describeChange(type: string, data: Record<string, unknown>): Record<string, unknown> {
  const money = (paisa: unknown) => (typeof paisa === 'number' ? paisaToTaka(paisa) : null);
  switch (type) {
    case 'ProductCreated':
      return { name: data.name, name_bn: data.nameBn ?? null, price: money(data.pricePaisa), old_price: money(data.oldPricePaisa), sizes: data.sizes, category_id: data.categoryId };
    case 'ProductDetailsChanged':
      return { changes: data.changes, previous: data.previous };
    case 'ProductPriceChanged':
      return { price: money(data.pricePaisa), old_price: money(data.oldPricePaisa), previous_price: money(data.previousPricePaisa), previous_old_price: money(data.previousOldPricePaisa) };
    case 'ProductSizesChanged':
      return { sizes: data.sizes, previous: data.previous };
    case 'ProductImagesChanged':
      return { images: (data.images as ProductImage[]).length, previous: (data.previous as ProductImage[]).length };
    default:
      return {};
  }
}

function fromRow(row: StoredProduct): AdminProductResponse {
  const { state, version, createdAt, updatedAt, updatedBy } = productRowOf(row);
  return { ...fromState(state, version), created_at: createdAt, updated_at: updatedAt, updated_by: updatedBy };
}

export function fromState(state: ProductState, version: number): AdminProductResponse {
  const first = state.images[0];
  return {
    id: state.productId,
    slug: state.details.slug,
    sku: state.details.sku,
    name: state.details.name,
    fullname: state.details.fullname,
    category_id: state.details.categoryId,
    price: paisaToTaka(state.pricePaisa),
    old_price: state.oldPricePaisa === null ? null : paisaToTaka(state.oldPricePaisa),
    description: state.details.descriptionHtml,
    name_bn: state.details.nameBn,
    badge_bn: state.details.badgeBn ?? null,
    description_bn: state.details.descriptionBnHtml,
    badge: state.details.badge,
    sizes: state.sizes,
    images: state.images,
    thumbnail: first ? (first.card ?? first.thumb) : null,
    status: state.published ? 'published' : 'draft',
    version,
  };
}
