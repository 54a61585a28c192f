import type { DataSource } from 'typeorm';
import { sanitizeDescriptionHtml } from '../catalog/description-html';
import {
  brandStreamId,
  categoryStreamId,
  POST_PAGES,
  postStreamId,
  productStreamId,
  reservationStreamId,
  SETTINGS_STREAM,
  type CatalogEvent,
  type NameReserved,
} from '../catalog/domain/catalog.events';
import { ConcurrencyError } from '../event-store/concurrency-error';
import type { EventStore } from '../event-store/event-store';
import type { AppendRequest, EventMetadata } from '../event-store/event-store.types';
import { DEMO_CATEGORIES } from './demo-catalog';
import { DEMO_BRANDS, DEMO_POSTS, DEMO_SETTINGS } from './demo-content';
import type { DemoProduct } from './demo-products';

/** The settings row of the demo store, by column. */
export function demoSettingsColumns(): Record<string, string | number> {
  const s = DEMO_SETTINGS;
  return {
    name: s.name,
    description: s.description,
    fblink: s.fblink,
    email: s.email,
    whatsapp: s.whatsapp,
    address: s.address,
    currency: s.currency,
    devliery_charge_paisa: s.devlieryChargePaisa,
    devliery_charge_inside_dhk_paisa: s.devlieryChargeInsideDhkPaisa,
    devliery_charge_outside_dhk_paisa: s.devlieryChargeOutsideDhkPaisa,
    bkash_number: s.bkashNumber,
  };
}

/**
 * Records the demo catalog as events (categories, products published, settings, info pages, brands) in one
 * transaction, with the slug and SKU reservations a staff member's products get. A store whose demo
 * products are already recorded (an interrupted earlier run, or a second process starting together) is not
 * written again. Returns the demo products with their ids; the catalog projection builds the tables.
 */
export async function seedCatalog(
  eventStore: EventStore,
  dataSource: DataSource,
  products: DemoProduct[],
  now: Date,
  metadata: EventMetadata,
): Promise<Array<DemoProduct & { id: number }>> {
  const recorded = await recordedProductIds(dataSource, products);
  if (recorded.size > 0) return withIds(products, recorded);

  const categoryCount = DEMO_CATEGORIES.reduce((sum, parent) => sum + 1 + parent.children.length, 0);
  const categoryIds = await nextIds(dataSource, 'catalog_category_ids', categoryCount);
  const productIds = await nextIds(dataSource, 'catalog_product_ids', products.length);
  const brandIds = await nextIds(dataSource, 'catalog_brand_ids', DEMO_BRANDS.length);

  const requests: AppendRequest[] = [];
  const stream = (streamId: string, events: Array<CatalogEvent | NameReserved>) => requests.push({ streamId, expectedVersion: 0, events });
  const reserve = (kind: NameReserved['data']['kind'], value: string, ownerId: number) =>
    stream(reservationStreamId(kind, value), [{ type: 'NameReserved', data: { kind, value, ownerId } }]);

  const bySlug = new Map<string, number>();
  let next = 0;
  DEMO_CATEGORIES.forEach((parent, index) => {
    const parentId = categoryIds[next++];
    bySlug.set(parent.slug, parentId);
    stream(categoryStreamId(parentId), [{ type: 'CategoryCreated', data: { categoryId: parentId, name: parent.name, slug: parent.slug, parentId: null, position: index + 1 } }]);
    reserve('category-slug', parent.slug, parentId);
    parent.children.forEach((child, childIndex) => {
      const id = categoryIds[next++];
      bySlug.set(child.slug, id);
      stream(categoryStreamId(id), [{ type: 'CategoryCreated', data: { categoryId: id, name: child.name, slug: child.slug, parentId, position: childIndex + 1 } }]);
      reserve('category-slug', child.slug, id);
    });
  });

  // One minute apart, in catalog order, so "newest first" lists are stable and start with the first product.
  products.forEach((product, index) => {
    const productId = productIds[index];
    stream(productStreamId(productId), [
      {
        type: 'ProductCreated',
        data: {
          productId,
          slug: product.slug,
          sku: product.sku,
          name: product.name,
          fullname: product.fullname,
          categoryId: bySlug.get(product.categorySlug)!,
          descriptionHtml: sanitizeDescriptionHtml(product.descriptionHtml),
          badge: product.badge,
          ...(product.nameBn && { nameBn: product.nameBn, descriptionBnHtml: sanitizeDescriptionHtml(product.descriptionBnHtml ?? '') }),
          pricePaisa: product.pricePaisa,
          oldPricePaisa: product.oldPricePaisa,
          sizes: product.sizes,
          images: product.images,
          createdAt: new Date(now.getTime() - index * 60_000).toISOString(),
        },
      },
      { type: 'ProductPublished', data: { productId } },
    ]);
    reserve('product-slug', product.slug, productId);
    reserve('product-sku', product.sku, productId);
  });

  stream(SETTINGS_STREAM, [{ type: 'SettingsChanged', data: { settings: demoSettingsColumns(), changed: [] } }]);
  for (const post of DEMO_POSTS) {
    const slug = Object.keys(POST_PAGES).find((key) => POST_PAGES[key].categoryId === post.categoryId)!;
    stream(postStreamId(slug), [{ type: 'PostChanged', data: { slug, categoryId: post.categoryId, name: post.name, html: sanitizeDescriptionHtml(post.html) } }]);
  }
  DEMO_BRANDS.forEach((brand, index) => {
    stream(brandStreamId(brandIds[index]), [{ type: 'BrandSaved', data: { brandId: brandIds[index], ...brand } }]);
  });

  try {
    await eventStore.appendToStreams(requests, metadata);
  } catch (error) {
    // Another process recorded the demo catalog first: use its ids.
    if (!(error instanceof ConcurrencyError)) throw error;
    return withIds(products, await recordedProductIds(dataSource, products));
  }
  return withIds(products, new Map(products.map((product, index) => [product.slug, productIds[index]])));
}

async function recordedProductIds(dataSource: DataSource, products: DemoProduct[]): Promise<Map<string, number>> {
  const rows: Array<{ slug: string; id: number }> = await dataSource.query(
    `SELECT data->>'value' AS slug, (data->>'ownerId')::int AS id FROM events
      WHERE type = 'NameReserved' AND stream_id = ANY($1::text[])`,
    [products.map((product) => reservationStreamId('product-slug', product.slug))],
  );
  return new Map(rows.map((row) => [row.slug, row.id]));
}

async function nextIds(dataSource: DataSource, sequence: string, count: number): Promise<number[]> {
  const rows: Array<{ id: number }> = await dataSource.query(`SELECT nextval($1::regclass)::int AS id FROM generate_series(1, $2::int)`, [sequence, count]);
  return rows.map((row) => row.id).sort((a, b) => a - b);
}

function withIds(products: DemoProduct[], ids: Map<string, number>): Array<DemoProduct & { id: number }> {
  return products.filter((product) => ids.has(product.slug)).map((product) => ({ ...product, id: ids.get(product.slug)! }));
}
