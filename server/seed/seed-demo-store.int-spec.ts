import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DataSource } from 'typeorm';
import { createTestDatabase, type TestDatabase } from '../../test/support/test-database';
import { PasswordHasher } from '../accounts/password-hasher';
import { openDatabase } from '../database/data-source';
import { EventStore } from '../event-store/event-store';
import { ensureCheckpoints } from '../event-store/projection-checkpoints';
import { runProjectionBatch } from '../event-store/projection-batch';
import { ProjectionRebuilder } from '../event-store/projection-rebuilder';
import { ProjectionRegistry } from '../event-store/projection-registry';
import { hashTable } from '../event-store/table-hash';
import { skuStreamId } from '../inventory/domain/sku-stream';
import { SkuStockProjection } from '../inventory/projections/sku-stock.projection';
import { CatalogProjection } from '../catalog/projections/catalog.projection';
import { couponStreamId } from '../promotions/domain/coupon-stream';
import { DEMO_STAFF_ACCOUNTS } from './demo-accounts';
import { DEMO_BENGALI } from './demo-bengali';
import { demoProducts } from './demo-products';
import { availableAfterSeed, demoStockFor } from './demo-stock';
import { seedDemoStore } from './seed-demo-store';

const NOW = new Date('2026-11-22T06:00:00.000Z');

describe('seedDemoStore on a fresh database', () => {
  let database: TestDatabase;
  let dataSource: DataSource;
  let eventStore: EventStore;
  let uploadsDir: string;
  const log: string[] = [];
  // The production scrypt cost would dominate the run time; the hash format is the same.
  const seed = () =>
    seedDemoStore({ dataSource, eventStore, uploadsDir, log: (m) => log.push(m), now: () => NOW, passwordHasher: new PasswordHasher({ N: 2 ** 10, r: 8, p: 1 }) });

  let firstRun: { result: Awaited<ReturnType<typeof seedDemoStore>>; ms: number };

  /** Runs the live sku-stock projection until it is caught up. Small batches make SKU streams straddle batches. */
  const catchUpSkuStock = async () => {
    const projection = new SkuStockProjection();
    await ensureCheckpoints(dataSource.manager, [projection.name]);
    while ((await runProjectionBatch(dataSource, projection, 37)) === 'more');
  };

  /** The catalog is recorded as events: its tables appear once the catalog projection ran (odd batch sizes on purpose). */
  const catchUpCatalog = async () => {
    const projection = new CatalogProjection();
    await ensureCheckpoints(dataSource.manager, [projection.name]);
    while ((await runProjectionBatch(dataSource, projection, 53)) === 'more');
  };

  const count = async (sql: string) => Number((await dataSource.query(sql))[0].count);
  const eventCount = () => count(`SELECT count(*) FROM events`);
  const snapshot = async () => ({
    categories: await dataSource.query(`SELECT id, name, slug, parent_id, position FROM categories ORDER BY id`),
    products: await dataSource.query(`SELECT id, slug, sku, price_paisa, old_price_paisa, badge, images FROM products ORDER BY id`),
    productSizes: await count(`SELECT count(*) FROM product_sizes`),
    settings: await dataSource.query(`SELECT * FROM settings`),
    posts: await dataSource.query(`SELECT category_id, name, description_full FROM posts ORDER BY category_id`),
    brands: await dataSource.query(`SELECT name, status FROM brands ORDER BY id`),
    users: await dataSource.query(`SELECT email, role, password_hash FROM users ORDER BY email`),
    events: await eventCount(),
  });

  beforeAll(async () => {
    database = await createTestDatabase('seed');
    dataSource = await openDatabase({ url: database.url, poolSize: 5 });
    eventStore = new EventStore(dataSource);
    uploadsDir = mkdtempSync(join(tmpdir(), 'seed-uploads-'));
    const started = Date.now();
    const result = await seed();
    firstRun = { result, ms: Date.now() - started };
    await catchUpCatalog();
  });

  afterAll(async () => {
    await dataSource?.destroy();
    await database?.drop();
    if (uploadsDir) rmSync(uploadsDir, { recursive: true, force: true });
  });

  it('seeds the whole demo store in well under 10 seconds', async () => {
    expect(firstRun.ms).toBeLessThan(10_000);
    expect(firstRun.result.seeded).toBe(true);

    expect(await count(`SELECT count(*) FROM categories WHERE parent_id IS NULL`)).toBe(2);
    const children: Array<{ parent: string; children: number }> = await dataSource.query(
      `SELECT p.slug AS parent, count(c.id)::int AS children FROM categories p JOIN categories c ON c.parent_id = p.id GROUP BY p.slug ORDER BY p.slug`,
    );
    expect(children).toEqual([
      { parent: 'men', children: 4 },
      { parent: 'women', children: 4 },
    ]);
    expect(await count(`SELECT count(*) FROM products`)).toBeGreaterThanOrEqual(60);
    expect(await count(`SELECT count(*) FROM products p JOIN categories c ON c.id = p.category_id WHERE c.parent_id IS NULL`)).toBe(0);
    expect(await dataSource.query(`SELECT value FROM sizes ORDER BY id`)).toEqual(['S', 'M', 'L', 'XL', 'XXL'].map((value) => ({ value })));
    expect(await count(`SELECT count(*) FROM settings`)).toBe(1);
    expect(await dataSource.query(`SELECT category_id FROM posts ORDER BY category_id`)).toEqual([1, 2, 4, 5].map((id) => ({ category_id: id })));
    expect(await count(`SELECT count(*) FROM brands`)).toBeGreaterThanOrEqual(3);
    expect(await dataSource.query(`SELECT email, role FROM users ORDER BY role`)).toEqual([
      { email: 'admin@teebazaar.test', role: 'admin' },
      { email: 'care@teebazaar.test', role: 'care' },
    ]);
  });

  it('stores prices in the demo range, some old prices and badges, and products with and without XXL', async () => {
    const [prices] = await dataSource.query(
      `SELECT min(price_paisa) AS min, max(price_paisa) AS max, count(old_price_paisa)::int AS discounted, count(badge)::int AS badged FROM products`,
    );
    expect(prices.min).toBeGreaterThanOrEqual(35_000);
    expect(prices.max).toBeLessThanOrEqual(145_000);
    expect(prices.discounted).toBeGreaterThan(5);
    expect(prices.badged).toBeGreaterThan(5);
    const [sizes] = await dataSource.query(
      `SELECT count(*) FILTER (WHERE has_xxl)::int AS with_xxl, count(*) FILTER (WHERE NOT has_xxl)::int AS without_xxl
         FROM (SELECT bool_or(s.value = 'XXL') AS has_xxl FROM product_sizes ps JOIN sizes s ON s.id = ps.size_id GROUP BY ps.product_id) t`,
    );
    expect(sizes.with_xxl).toBeGreaterThan(0);
    expect(sizes.without_xxl).toBeGreaterThan(0);
    expect(await count(`SELECT count(*) FROM products WHERE description_html ~* '<script|onerror|style='`)).toBe(0);
  });

  it('writes three small SVG pictures per product where the stored URLs point', async () => {
    const products: Array<{ thumbnail: string; images: Array<{ img: string; thumb: string }> }> = await dataSource.query(
      `SELECT thumbnail, images FROM products`,
    );
    for (const product of products) {
      expect(product.images).toHaveLength(3);
      for (const url of [product.thumbnail, ...product.images.flatMap((image) => [image.img, image.thumb])]) {
        expect(url).toMatch(/^\/uploads\/products\/[a-z0-9-]+-[123]\.svg$/);
        const file = join(uploadsDir, url.replace(/^\/uploads\//, ''));
        expect(existsSync(file)).toBe(true);
        expect(statSync(file).size).toBeLessThan(3_000);
        expect(readFileSync(file, 'utf8')).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
      }
    }
  });

  it('finds products by accent- and case-insensitive trigram search on search_text', async () => {
    const rows: Array<{ slug: string }> = await dataSource.query(
      `SELECT slug FROM products WHERE search_text LIKE '%' || lower(store_unaccent($1)) || '%' ORDER BY slug`,
      ['RICKSHÁW'],
    );
    expect(rows.map((row) => row.slug)).toEqual(['men-dhaka-rickshaw-art-tee']);
    const [similar] = await dataSource.query(`SELECT slug FROM products ORDER BY similarity(search_text, $1) DESC LIMIT 1`, ['bengal tigr']);
    expect(similar.slug).toBe('men-royal-bengal-tiger-tee');
  });

  it('gives a few demo products a Bengali name and description in their ProductCreated events, found by a Bengali word', async () => {
    const rows: Array<{ slug: string; name_bn: string; description_bn_html: string }> = await dataSource.query(
      `SELECT slug, name_bn, description_bn_html FROM products WHERE name_bn IS NOT NULL ORDER BY slug`,
    );
    expect(rows.map((row) => row.slug)).toEqual(Object.keys(DEMO_BENGALI).sort());
    for (const row of rows) expect(row.description_bn_html).toMatch(/^<p>[\u0980-\u09FF]/);
    const [created] = await dataSource.query(
      `SELECT data FROM events WHERE type = 'ProductCreated' AND data->>'slug' = 'men-royal-bengal-tiger-tee'`,
    );
    expect(created.data.nameBn).toBe('রয়েল বেঙ্গল টাইগার টি-শার্ট');
    const [tiger] = await dataSource.query(`SELECT slug FROM products WHERE search_words @> ARRAY[$1]`, ['টাইগার']);
    expect(tiger.slug).toBe('men-royal-bengal-tiger-tee');
  });

  it('records the demo coupon as a CouponCreated event', async () => {
    const events = await eventStore.readStream(couponStreamId('welcome10'));
    expect(events.map((event) => [event.type, event.data])).toEqual([
      [
        'CouponCreated',
        { code: 'WELCOME10', percent: 10, validFrom: '2026-11-22T06:00:00.000Z', validUntil: '2027-11-22T06:00:00.000Z', totalLimit: 500, perPhoneLimit: 1 },
      ],
    ]);
    expect(events[0].metadata.actor).toMatchObject({ id: 'seed', role: 'system' });
  });

  it('stores staff passwords that verify', async () => {
    const hasher = new PasswordHasher();
    for (const account of DEMO_STAFF_ACCOUNTS) {
      const [row] = await dataSource.query(`SELECT password_hash FROM users WHERE email = $1`, [account.email]);
      await expect(hasher.verify(account.password, row.password_hash)).resolves.toBe(true);
    }
  });

  it('changes nothing and records no event when run again, and completes an interrupted run without duplicates', async () => {
    const before = await snapshot();
    expect((await seed()).seeded).toBe(false);
    expect(await snapshot()).toEqual(before);

    // As if the previous run had stopped before its last step: every step must skip what exists.
    await dataSource.query(`DELETE FROM seed_runs`);
    expect((await seed()).seeded).toBe(true);
    expect(await snapshot()).toEqual(before);
  });

  it('gives sku_stock rows matching the seeded stock once the projection has run, including sold-out and low SKUs', async () => {
    await catchUpSkuStock();

    const rows: Array<{ product_id: number; size: string; available: number; reserved: number }> = await dataSource.query(
      `SELECT product_id, size, available, reserved FROM sku_stock`,
    );
    const stock = new Map(rows.map((row) => [`${row.product_id}/${row.size}`, row]));
    const ids = new Map<string, number>(
      (await dataSource.query(`SELECT id, slug FROM products`)).map((row: { id: number; slug: string }) => [row.slug, row.id]),
    );
    const kinds = new Map<string, number>();
    for (const product of demoProducts()) {
      for (const size of product.sizes) {
        const planned = demoStockFor(product.slug, size);
        kinds.set(planned.kind, (kinds.get(planned.kind) ?? 0) + 1);
        const row = stock.get(`${ids.get(product.slug)}/${size}`);
        // A SKU that never received stock has no stream and no row: readers treat a missing row as zero.
        expect({ sku: skuStreamId(ids.get(product.slug)!, size), available: row?.available ?? 0, reserved: row?.reserved ?? 0 }).toEqual({
          sku: skuStreamId(ids.get(product.slug)!, size),
          available: availableAfterSeed(planned),
          reserved: 0,
        });
        if (planned.kind === 'never-received') expect(row).toBeUndefined();
      }
    }
    expect(kinds.get('never-received')).toBeGreaterThan(0);
    expect(kinds.get('sold-out')).toBeGreaterThan(0);
    expect(kinds.get('low')).toBeGreaterThan(0);
    expect(rows.filter((row) => row.available === 0).length).toBeGreaterThan(0);
    expect(rows.filter((row) => row.available >= 1 && row.available <= 3).length).toBeGreaterThan(0);
  });

  it('records the catalog as events and rebuilds its tables into the same content', async () => {
    expect(await count(`SELECT count(*) FROM events WHERE type = 'ProductCreated'`)).toBe(demoProducts().length);
    expect(await count(`SELECT count(*) FROM catalog_products WHERE published`)).toBe(demoProducts().length);
    const registry = new ProjectionRegistry();
    const projection = new CatalogProjection();
    registry.register(projection);
    const before = await Promise.all(projection.tables.map((table) => hashTable(dataSource.manager, table)));
    const result = await new ProjectionRebuilder(dataSource, registry, 97).rebuild('catalog');
    expect(result.processed).toBeGreaterThan(demoProducts().length);
    expect(await Promise.all(projection.tables.map((table) => hashTable(dataSource.manager, table)))).toEqual(before);
  });

  it('rebuilds sku_stock from the events into the same table content', async () => {
    await catchUpSkuStock();
    const registry = new ProjectionRegistry();
    registry.register(new SkuStockProjection());
    const before = await hashTable(dataSource.manager, 'sku_stock');
    const result = await new ProjectionRebuilder(dataSource, registry, 100).rebuild('sku-stock');
    expect(result.processed).toBeGreaterThan(0);
    expect(await hashTable(dataSource.manager, 'sku_stock')).toBe(before);
  });
});
