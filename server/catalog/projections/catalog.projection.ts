import { Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { RecordedEvent } from '../../event-store/event-store.types';
import type { Projection, ProjectionContext } from '../../event-store/projection';
import { CATALOG_READ_MODEL } from '../read-cache/read-model-tags';
import {
  CATALOG_EVENT_TYPES,
  type BrandEvent,
  type CatalogEvent,
  type CategoryEvent,
  type PostChanged,
  type ProductEvent,
  type ProductImage,
  type SettingsChanged,
} from '../domain/catalog.events';
import { categoryDecider, type CategoryState } from '../domain/category';
import { productDecider, type ProductState } from '../domain/product';
import { productSearchWords } from '../search/search-vocabulary';

/**
 * The catalog's read tables from the product, category, settings, post and brand streams. The shop reads
 * `products` (published products only, with `product_sizes`), `categories`, `settings`, `posts` and
 * `brands` exactly as before, with the same indexes; the console reads `catalog_products` (drafts too,
 * with each product's stream version). Its name is the read-model tag of the shop's cached answers, so
 * every batch drops them in its transaction (ADR 003). Each batch folds its events in memory over the rows
 * it touches and writes each table with one or two multi-row statements.
 */
export class CatalogProjection implements Projection {
  readonly name = CATALOG_READ_MODEL;
  readonly tables = ['categories', 'products', 'product_sizes', 'settings', 'posts', 'brands', 'catalog_products'];
  readonly eventTypes = [...CATALOG_EVENT_TYPES];

  async apply(events: RecordedEvent[], context: ProjectionContext): Promise<void> {
    const catalog = events.filter((event) => (CATALOG_EVENT_TYPES as string[]).includes(event.type)) as Array<RecordedEvent & CatalogEvent>;
    if (catalog.length === 0) return;
    const products = catalog.filter((event) => event.type.startsWith('Product')) as Array<RecordedEvent & ProductEvent>;
    const categories = catalog.filter((event) => event.type.startsWith('Category')) as Array<RecordedEvent & CategoryEvent>;
    const settings = catalog.filter((event) => event.type === 'SettingsChanged') as Array<RecordedEvent & SettingsChanged>;
    const posts = catalog.filter((event) => event.type === 'PostChanged') as Array<RecordedEvent & PostChanged>;
    const brands = catalog.filter((event) => event.type.startsWith('Brand')) as Array<RecordedEvent & BrandEvent>;
    if (categories.length > 0) await applyCategories(categories, context);
    if (products.length > 0) await applyProducts(products, context);
    if (settings.length > 0) await applySettings(settings[settings.length - 1], context);
    if (posts.length > 0) await applyPosts(posts, context);
    if (brands.length > 0) await applyBrands(brands, context);
  }
}

const logger = new Logger('CatalogProjection');

export interface ProductRow {
  state: ProductState;
  version: number;
  createdAt: string;
  updatedAt: string;
  updatedBy: string | null;
}

async function applyProducts(events: Array<RecordedEvent & ProductEvent>, { manager, table }: ProjectionContext): Promise<void> {
  const admin = table('catalog_products');
  const ids = [...new Set(events.map((event) => event.data.productId))];
  const stored: StoredProduct[] = await manager.query(`SELECT * FROM ${admin} WHERE id = ANY($1::int[])`, [ids]);
  const rows = new Map<number, ProductRow>(stored.map((row) => [row.id, productRowOf(row)]));
  for (const event of events) {
    const id = event.data.productId;
    const current = rows.get(id);
    // A stale batch (re-delivered events) must not move a row backwards.
    if (current && event.streamPosition <= current.version) continue;
    const state = productDecider.evolve(current?.state ?? productDecider.initialState(), event);
    const recorded = event.recordedAt.toISOString();
    rows.set(id, {
      state,
      version: event.streamPosition,
      createdAt: current?.createdAt ?? (event.type === 'ProductCreated' && event.data.createdAt ? event.data.createdAt : recorded),
      updatedAt: recorded,
      updatedBy: event.metadata.actor?.name ?? event.metadata.actor?.id ?? null,
    });
  }
  const all = [...rows.values()].filter((row) => row.state.exists);
  await manager.query(
    `INSERT INTO ${admin} AS t (id, slug, sku, name, fullname, category_id, price_paisa, old_price_paisa, description_html, badge,
                                name_bn, description_bn_html, badge_bn, sizes, images, published, version, created_at, updated_at, updated_by)
     SELECT id, slug, sku, name, fullname, category_id, price_paisa, old_price_paisa, description_html, badge, name_bn, description_bn_html, badge_bn,
            ARRAY(SELECT jsonb_array_elements_text(sizes)), images, published, version, created_at, updated_at, updated_by
       FROM jsonb_to_recordset($1::jsonb) AS x(id int, slug text, sku text, name text, fullname text, category_id int, price_paisa int,
            old_price_paisa int, description_html text, badge text, name_bn text, description_bn_html text, badge_bn text, sizes jsonb, images jsonb,
            published boolean, version int, created_at timestamptz, updated_at timestamptz, updated_by text)
     ON CONFLICT (id) DO UPDATE SET slug = EXCLUDED.slug, sku = EXCLUDED.sku, name = EXCLUDED.name, fullname = EXCLUDED.fullname,
       category_id = EXCLUDED.category_id, price_paisa = EXCLUDED.price_paisa, old_price_paisa = EXCLUDED.old_price_paisa,
       description_html = EXCLUDED.description_html, badge = EXCLUDED.badge, name_bn = EXCLUDED.name_bn, badge_bn = EXCLUDED.badge_bn,
       description_bn_html = EXCLUDED.description_bn_html, sizes = EXCLUDED.sizes, images = EXCLUDED.images,
       published = EXCLUDED.published, version = EXCLUDED.version, created_at = EXCLUDED.created_at,
       updated_at = EXCLUDED.updated_at, updated_by = EXCLUDED.updated_by`,
    [JSON.stringify(all.map(toAdminRecord))],
  );

  const shop = table('products');
  const sizesTable = table('product_sizes');
  const touched = all.map((row) => row.state.productId);
  const published = all.filter((row) => row.state.published);
  await manager.query(`DELETE FROM ${sizesTable} WHERE product_id = ANY($1::int[])`, [touched]);
  await manager.query(`DELETE FROM ${shop} WHERE id = ANY($1::int[])`, [all.filter((row) => !row.state.published).map((row) => row.state.productId)]);
  if (published.length === 0) return;
  await manager.query(
    `INSERT INTO ${shop} AS t (id, slug, name, fullname, sku, price_paisa, old_price_paisa, description_html, category_id, badge,
                               name_bn, description_bn_html, badge_bn, search_words, thumbnail, images, created_at)
     SELECT id, slug, name, fullname, sku, price_paisa, old_price_paisa, description_html, category_id, badge, name_bn, description_bn_html, badge_bn,
            ARRAY(SELECT jsonb_array_elements_text(search_words)), thumbnail, images, created_at
       FROM jsonb_to_recordset($1::jsonb) AS x(id int, slug text, name text, fullname text, sku text, price_paisa int, old_price_paisa int,
            description_html text, category_id int, badge text, name_bn text, description_bn_html text, badge_bn text, search_words jsonb,
            thumbnail text, images jsonb, created_at timestamptz)
     ON CONFLICT (id) DO UPDATE SET slug = EXCLUDED.slug, name = EXCLUDED.name, fullname = EXCLUDED.fullname, sku = EXCLUDED.sku,
       price_paisa = EXCLUDED.price_paisa, old_price_paisa = EXCLUDED.old_price_paisa, description_html = EXCLUDED.description_html,
       category_id = EXCLUDED.category_id, badge = EXCLUDED.badge, name_bn = EXCLUDED.name_bn, badge_bn = EXCLUDED.badge_bn,
       description_bn_html = EXCLUDED.description_bn_html, search_words = EXCLUDED.search_words, thumbnail = EXCLUDED.thumbnail,
       images = EXCLUDED.images, created_at = EXCLUDED.created_at`,
    [JSON.stringify(await withFreeNames(manager, shop, published.map(toShopRecord), ['slug', 'sku']))],
  );
  await manager.query(
    `INSERT INTO ${sizesTable} (product_id, size_id)
     SELECT x.product_id, s.id FROM unnest($1::int[], $2::text[]) AS x(product_id, size) JOIN sizes s ON s.value = x.size`,
    [published.flatMap((row) => row.state.sizes.map(() => row.state.productId)), published.flatMap((row) => row.state.sizes)],
  );
}

/** Shown when a product has no picture yet (served from the uploads folder, written on start). */
export const PLACEHOLDER_PICTURE = '/uploads/products/placeholder.svg';

function toShopRecord({ state, createdAt }: ProductRow) {
  const first = state.images[0];
  return {
    id: state.productId,
    slug: state.details.slug,
    name: state.details.name,
    fullname: state.details.fullname,
    sku: state.details.sku,
    price_paisa: state.pricePaisa,
    old_price_paisa: state.oldPricePaisa,
    description_html: state.details.descriptionHtml,
    category_id: state.details.categoryId,
    badge: state.details.badge,
    name_bn: state.details.nameBn,
    description_bn_html: state.details.descriptionBnHtml,
    badge_bn: state.details.badgeBn ?? null,
    // Derived here, by the same function that splits the shopper's query, so both agree in every script (ADR 004).
    search_words: productSearchWords(state.details),
    thumbnail: first ? (first.card ?? first.thumb) : PLACEHOLDER_PICTURE,
    // The storefront's shape: a large picture and its thumbnail.
    images: state.images.map((image: ProductImage) => ({ img: image.img, thumb: image.thumb })),
    created_at: createdAt,
  };
}

function toAdminRecord({ state, version, createdAt, updatedAt, updatedBy }: ProductRow) {
  return {
    id: state.productId,
    slug: state.details.slug,
    sku: state.details.sku,
    name: state.details.name,
    fullname: state.details.fullname,
    category_id: state.details.categoryId,
    price_paisa: state.pricePaisa,
    old_price_paisa: state.oldPricePaisa,
    description_html: state.details.descriptionHtml,
    badge: state.details.badge,
    name_bn: state.details.nameBn,
    description_bn_html: state.details.descriptionBnHtml,
    badge_bn: state.details.badgeBn ?? null,
    sizes: state.sizes,
    images: state.images,
    published: state.published,
    version,
    created_at: createdAt,
    updated_at: updatedAt,
    updated_by: updatedBy,
  };
}

export interface StoredProduct {
  id: number;
  slug: string;
  sku: string;
  name: string;
  fullname: string;
  category_id: number;
  price_paisa: number;
  old_price_paisa: number | null;
  description_html: string;
  badge: string | null;
  name_bn: string | null;
  description_bn_html: string | null;
  badge_bn: string | null;
  sizes: string[];
  images: ProductImage[];
  published: boolean;
  version: number;
  created_at: Date;
  updated_at: Date;
  updated_by: string | null;
}

/** A stored product as its state, version and timestamps (what the projection folds the next events into). */
export function productRowOf(row: StoredProduct): ProductRow {
  return {
    state: {
      exists: true,
      productId: row.id,
      details: {
        slug: row.slug,
        sku: row.sku,
        name: row.name,
        fullname: row.fullname,
        categoryId: row.category_id,
        descriptionHtml: row.description_html,
        badge: row.badge,
        nameBn: row.name_bn,
        descriptionBnHtml: row.description_bn_html,
        badgeBn: row.badge_bn,
      },
      pricePaisa: row.price_paisa,
      oldPricePaisa: row.old_price_paisa,
      sizes: row.sizes,
      images: row.images,
      published: row.published,
      createdAt: row.created_at.toISOString(),
    },
    version: row.version,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    updatedBy: row.updated_by,
  };
}

async function applyCategories(events: Array<RecordedEvent & CategoryEvent>, { manager, table }: ProjectionContext): Promise<void> {
  const target = table('categories');
  const ids = [...new Set(events.map((event) => event.data.categoryId))];
  const stored: Array<{ id: number; name: string; slug: string; parent_id: number | null; position: number; name_bn: string | null }> = await manager.query(
    `SELECT id, name, slug, parent_id, position, name_bn FROM ${target} WHERE id = ANY($1::int[])`,
    [ids],
  );
  const states = new Map<number, CategoryState>(
    stored.map((row) => [row.id, { exists: true, categoryId: row.id, name: row.name, slug: row.slug, parentId: row.parent_id, position: row.position, nameBn: row.name_bn }]),
  );
  for (const event of events) {
    states.set(event.data.categoryId, categoryDecider.evolve(states.get(event.data.categoryId) ?? categoryDecider.initialState(), event));
  }
  const rows = [...states.values()].filter((state) => state.exists);
  await manager.query(
    `INSERT INTO ${target} AS t (id, name, slug, parent_id, position, name_bn)
     SELECT id, name, slug, parent_id, position, name_bn FROM jsonb_to_recordset($1::jsonb) AS x(id int, name text, slug text, parent_id int, position int, name_bn text)
     ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, slug = EXCLUDED.slug, parent_id = EXCLUDED.parent_id, position = EXCLUDED.position, name_bn = EXCLUDED.name_bn`,
    [
      JSON.stringify(
        await withFreeNames(manager, target, rows.map((row) => ({ id: row.categoryId, name: row.name, slug: row.slug, parent_id: row.parentId, position: row.position, name_bn: row.nameBn ?? null })), ['slug']),
      ),
    ],
  );
}

/**
 * The write side reserves every slug and SKU, but the shop's tables hold them unique too: a name another row
 * holds (one the write side never saw, such as a row from before the catalog was event-sourced) must not stop
 * the projection for good. Such a row gets its name with `-<id>` appended, the same way on every replay.
 */
async function withFreeNames<T extends { id: number }>(manager: EntityManager, target: string, records: T[], columns: Array<keyof T & string>): Promise<T[]> {
  const ids = records.map((record) => record.id);
  for (const column of columns) {
    const held: Array<{ id: number; value: string }> = await manager.query(
      `SELECT id, ${column} AS value FROM ${target} WHERE ${column} = ANY($1::text[]) AND id <> ALL($2::int[])`,
      [records.map((record) => record[column]), ids],
    );
    const taken = new Set(held.map((row) => row.value));
    for (const record of records) {
      let value = record[column] as unknown as string;
      if (taken.has(value)) {
        logger.warn(`${target}.${column} "${value}" is held by another row; row ${record.id} gets "${value}-${record.id}"`);
        while (taken.has(value)) value = `${value}-${record.id}`;
        (record as Record<string, unknown>)[column] = value;
      }
      taken.add(value);
    }
  }
  return records;
}

async function applySettings(event: RecordedEvent & SettingsChanged, { manager, table }: ProjectionContext): Promise<void> {
  const target = table('settings');
  const columns = await tableColumns(manager, target);
  const values = Object.entries(event.data.settings).filter(([column]) => columns.has(column) && column !== 'id' && column !== 'updated_at');
  const names = ['id', 'updated_at', ...values.map(([column]) => column)];
  const parameters = [1, event.recordedAt.toISOString(), ...values.map(([, value]) => value)];
  await manager.query(
    `INSERT INTO ${target} (${names.map(quote).join(', ')}) VALUES (${names.map((_, index) => `$${index + 1}`).join(', ')})
     ON CONFLICT (id) DO UPDATE SET ${names.slice(1).map((name) => `${quote(name)} = EXCLUDED.${quote(name)}`).join(', ')}`,
    parameters,
  );
}

async function tableColumns(manager: EntityManager, quotedTable: string): Promise<Set<string>> {
  const rows: Array<{ attname: string }> = await manager.query(
    `SELECT attname FROM pg_attribute WHERE attrelid = to_regclass($1) AND attnum > 0 AND NOT attisdropped`,
    [quotedTable],
  );
  return new Set(rows.map((row) => row.attname));
}

function quote(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

async function applyPosts(events: Array<RecordedEvent & PostChanged>, { manager, table }: ProjectionContext): Promise<void> {
  const latest = new Map(events.map((event) => [event.data.categoryId, event]));
  await manager.query(
    `INSERT INTO ${table('posts')} AS t (id, category_id, name, description_full, updated_at)
     SELECT category_id, category_id, name, html, updated_at
       FROM jsonb_to_recordset($1::jsonb) AS x(category_id int, name text, html text, updated_at timestamptz)
     ON CONFLICT (category_id) DO UPDATE SET name = EXCLUDED.name, description_full = EXCLUDED.description_full, updated_at = EXCLUDED.updated_at`,
    [JSON.stringify([...latest.values()].map((event) => ({ ...event.data, category_id: event.data.categoryId, updated_at: event.recordedAt.toISOString() })))],
  );
}

async function applyBrands(events: Array<RecordedEvent & BrandEvent>, { manager, table }: ProjectionContext): Promise<void> {
  const target = table('brands');
  const saved = new Map<number, { event: RecordedEvent & BrandEvent; firstAt: string }>();
  const deleted = new Set<number>();
  for (const event of events) {
    const id = event.data.brandId;
    if (event.type === 'BrandDeleted') {
      saved.delete(id);
      deleted.add(id);
    } else {
      deleted.delete(id);
      // A brand the migration recorded carries its row's creation time (as Postgres wrote it, to the
      // microsecond), so live and rebuilt rows agree.
      const createdAt = (event.data as { createdAt?: string }).createdAt;
      saved.set(id, { event, firstAt: saved.get(id)?.firstAt ?? createdAt ?? event.recordedAt.toISOString() });
    }
  }
  if (deleted.size > 0) await manager.query(`DELETE FROM ${target} WHERE id = ANY($1::int[])`, [[...deleted]]);
  if (saved.size === 0) return;
  await manager.query(
    `INSERT INTO ${target} AS t (id, name, description, status, created_at, updated_at)
     SELECT id, name, description, status, created_at, updated_at
       FROM jsonb_to_recordset($1::jsonb) AS x(id int, name text, description text, status smallint, created_at timestamptz, updated_at timestamptz)
     ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, description = EXCLUDED.description, status = EXCLUDED.status, updated_at = EXCLUDED.updated_at`,
    [
      JSON.stringify(
        [...saved.values()].map(({ event, firstAt }) => {
          const data = event.data as { brandId: number; name: string; description: string; status: number };
          return { id: data.brandId, name: data.name, description: data.description, status: data.status, created_at: firstAt, updated_at: event.recordedAt.toISOString() };
        }),
      ),
    ],
  );
}
