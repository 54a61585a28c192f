import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import sharp from 'sharp';
import { randomUUID } from 'node:crypto';
import { recordExistingNames } from '../../server/database/migrations/1763800000301-catalog-events';
import { EventStore } from '../../server/event-store/event-store';
import { DEMO_STAFF_ACCOUNTS } from '../../server/seed/demo-accounts';
import { apiCaller, type Json } from '../support/api-caller';
import { startTestServer, TestServer } from '../support/test-server';

/** The store administration API (issue 13): products, pictures, categories, settings, info pages, staff, brands. */
describe('store administration API', () => {
  let server: TestServer;
  let db: Client;
  let tokens: Record<'admin' | 'care' | 'customer', string>;
  let adminId = '';
  let categoryId = 0;

  const { call, login, signInEveryRole } = apiCaller(() => server.baseUrl);

  const upload = async (path: string, token: string | undefined, bytes: Buffer, filename: string, type: string) => {
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(bytes)], { type }), filename);
    const response = await fetch(`${server.baseUrl}${path}`, { method: 'POST', headers: token ? { authorization: `Bearer ${token}` } : {}, body: form });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : undefined) as Json };
  };
  const uploadedFiles = () => readdirSync(join(server.dataDir, 'uploads', 'products')).filter((name) => name.endsWith('.webp'));
  const eventsOf = async (streamId: string) =>
    (await db.query('SELECT type, data, metadata FROM events WHERE stream_id = $1 ORDER BY stream_position', [streamId])).rows;
  const newProduct = async (overrides: Json = {}) => {
    const created = await call('POST', '/api/admin/products', tokens.admin, {
      name: `Admin Test Tee ${Math.random().toString(36).slice(2, 8)}`,
      category_id: categoryId,
      price: 650,
      old_price: 800,
      sizes: ['M', 'L'],
      description: '<p>Soft <b>cotton</b></p><script>alert(1)</script>',
      ...overrides,
    });
    expect(created.status).toBe(201);
    return created.body;
  };

  beforeAll(async () => {
    server = await startTestServer();
    db = new Client({ connectionString: server.databaseUrl });
    await db.connect();
    tokens = await signInEveryRole();
    adminId = (await db.query('SELECT id FROM users WHERE email = $1', [DEMO_STAFF_ACCOUNTS[0].email])).rows[0].id;
    categoryId = (await db.query(`SELECT id FROM categories WHERE slug = 'men-graphic-tees'`)).rows[0].id;
  });
  afterAll(async () => {
    await db?.end();
    await server?.stop();
  });

  describe('who may call what', () => {
    const reads: Array<[string, string]> = [
      ['GET', '/api/admin/products'],
      ['GET', '/api/admin/products/1'],
      ['GET', '/api/admin/products/1/history'],
      ['GET', '/api/admin/categories'],
      ['GET', '/api/admin/settings'],
      ['GET', '/api/admin/posts/about'],
      ['GET', '/api/admin/staff'],
    ];
    const writes: Array<[string, string, unknown]> = [
      ['POST', '/api/admin/products', { name: 'X', category_id: 1, price: 10, sizes: ['M'] }],
      ['PATCH', '/api/admin/products/1', { price: 700 }],
      ['POST', '/api/admin/products/1/publish', {}],
      ['POST', '/api/admin/products/1/unpublish', {}],
      ['POST', '/api/admin/categories', { name: 'Kids' }],
      ['PATCH', '/api/admin/categories/1', { name: 'Men' }],
      ['PUT', '/api/admin/settings', { name: 'Tee Bazaar' }],
      ['PUT', '/api/admin/posts/about', { html: '<p>About</p>' }],
      ['POST', '/api/admin/staff', { name: 'New Care', email: 'new-care@teebazaar.test', role: 'care' }],
      ['POST', '/api/admin/staff/00000000-0000-4000-8000-000000000000/disable', {}],
      ['POST', '/api/brands/save', { name: 'Brand', status: 1 }],
    ];
    const all = [...reads.map(([m, p]) => [m, p, undefined] as [string, string, unknown]), ...writes];

    it.each(all)('%s %s refuses an anonymous caller with 401', async (method, path, body) => {
      expect((await call(method, path, undefined, body)).status).toBe(401);
    });
    it.each(all)('%s %s refuses a customer with 403', async (method, path, body) => {
      expect((await call(method, path, tokens.customer, body)).status).toBe(403);
    });
    it.each(reads)('%s %s lets customer care read', async (method, path) => {
      expect((await call(method, path, tokens.care)).status).toBe(200);
    });
    it.each(writes)('%s %s refuses customer care with 403: admin only', async (method, path, body) => {
      expect((await call(method, path, tokens.care, body)).status).toBe(403);
    });
    it('refuses a picture upload from care (403) and from nobody (401)', async () => {
      const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } }).png().toBuffer();
      expect((await upload('/api/admin/products/1/images', undefined, png, 'a.png', 'image/png')).status).toBe(401);
      expect((await upload('/api/admin/products/1/images', tokens.care, png, 'a.png', 'image/png')).status).toBe(403);
    });
  });

  describe('products', () => {
    it('creates a draft with id and slug, money in Taka, recorded as an event by the acting admin; hidden from the shop until published', async () => {
      const product = await newProduct({ name: 'Jamdani Kite Tee' });
      expect(product).toMatchObject({ name: 'Jamdani Kite Tee', slug: 'jamdani-kite-tee', price: 650, old_price: 800, sizes: ['M', 'L'], status: 'draft', category_id: categoryId });
      expect(product.id).toEqual(expect.any(Number));
      expect(product.description).toBe('<p>Soft <b>cotton</b></p>');
      const [created] = await eventsOf(`product-${product.id}`);
      expect(created.type).toBe('ProductCreated');
      expect(created.data).toMatchObject({ pricePaisa: 65_000, oldPricePaisa: 80_000, sizes: ['M', 'L'] });
      expect(created.metadata.actor).toMatchObject({ id: adminId, role: 'admin' });

      expect((await call('GET', `/api/public/productRow?slug=${product.slug}`)).status).toBe(404);
      const search = await call('GET', '/api/public/search-products?q=jamdani&category_id=all');
      expect(search.body.data).toEqual([]);

      const published = await call('POST', `/api/admin/products/${product.id}/publish`, tokens.admin, {});
      expect(published.status).toBe(200);
      expect(published.body.status).toBe('published');
      const page = await call('GET', `/api/public/productRow?slug=${product.slug}`);
      expect(page.status).toBe(200);
      expect(JSON.stringify(page.body)).toContain('Jamdani Kite Tee');
      const found = await call('GET', '/api/public/search-products?q=jamdani&category_id=all');
      expect(found.body.data.map((row: Json) => row.slug)).toEqual(['jamdani-kite-tee']);
      const shop = await call('GET', '/api/public/getProductsByShop');
      expect(shop.body.data[0].slug).toBe('jamdani-kite-tee');

      const unpublished = await call('POST', `/api/admin/products/${product.id}/unpublish`, tokens.admin, {});
      expect(unpublished.body.status).toBe('draft');
      expect((await call('GET', `/api/public/productRow?slug=${product.slug}`)).status).toBe(404);
      expect((await eventsOf(`product-${product.id}`)).map((event) => event.type)).toEqual(['ProductCreated', 'ProductPublished', 'ProductUnpublished']);
    });

    it('gives a second product of the same name its own slug', async () => {
      const first = await newProduct({ name: 'Twin Tee' });
      const second = await newProduct({ name: 'Twin Tee' });
      expect(first.slug).toBe('twin-tee');
      expect(second.slug).toBe('twin-tee-2');
    });

    it.each([
      [{ price: 650, sizes: ['M'], category_id: 1 }, 'name'],
      [{ name: 'Tee', sizes: ['M'], price: 650, category_id: 999_999 }, 'category_id'],
      [{ name: 'Tee', sizes: ['M'], price: -5, category_id: 'CATEGORY' }, 'price'],
      [{ name: 'Tee', sizes: ['M'], price: 'cheap', category_id: 'CATEGORY' }, 'price'],
      [{ name: 'Tee', sizes: ['M'], price: 650.555, category_id: 'CATEGORY' }, 'price'],
      [{ name: 'Tee', sizes: [], price: 650, category_id: 'CATEGORY' }, 'sizes'],
      [{ name: 'Tee', sizes: ['M', 'HUGE'], price: 650, category_id: 'CATEGORY' }, 'sizes.1'],
      [{ name: 'Tee', sizes: ['M'], price: 650, old_price: 500, category_id: 'CATEGORY' }, 'old_price'],
    ])('answers %j with a 422 naming %s', async (body, field) => {
      const payload = { ...body, category_id: body.category_id === 'CATEGORY' ? categoryId : body.category_id };
      const before = (await db.query(`SELECT count(*)::int AS n FROM events WHERE type = 'ProductCreated'`)).rows[0].n;
      const answer = await call('POST', '/api/admin/products', tokens.admin, payload);
      expect(answer.status).toBe(422);
      expect(answer.body.message).toEqual(expect.any(String));
      expect(answer.body.errors[field]).toEqual([expect.any(String)]);
      expect((await db.query(`SELECT count(*)::int AS n FROM events WHERE type = 'ProductCreated'`)).rows[0].n).toBe(before);
    });

    it('changes price and sizes as separate events, refuses a stale version with a 409 a person can act on, and shows the history', async () => {
      const product = await newProduct();
      const changed = await call('PATCH', `/api/admin/products/${product.id}`, tokens.admin, { price: 599, sizes: ['S', 'M', 'L'], version: product.version });
      expect(changed.status).toBe(200);
      expect(changed.body).toMatchObject({ price: 599, old_price: 800, sizes: ['S', 'M', 'L'] });
      const stale = await call('PATCH', `/api/admin/products/${product.id}`, tokens.admin, { price: 550, version: product.version });
      expect(stale.status).toBe(409);
      expect(stale.body.message).toMatch(/changed by someone else.*Reload/);
      expect(stale.body.message).not.toMatch(/product-\d|stream/);
      const viaHeader = await fetch(`${server.baseUrl}/api/admin/products/${product.id}`, {
        method: 'PATCH',
        headers: { authorization: `Bearer ${tokens.admin}`, 'content-type': 'application/json', 'if-match': `"${product.version}"` },
        body: JSON.stringify({ price: 540 }),
      });
      expect(viaHeader.status).toBe(409);
      const current = await call('GET', `/api/admin/products/${product.id}`, tokens.care);
      expect(current.body.price).toBe(599);

      const history = await call('GET', `/api/admin/products/${product.id}/history`, tokens.care);
      expect(history.status).toBe(200);
      expect(history.body.data.map((entry: Json) => entry.type)).toEqual(['ProductCreated', 'ProductPriceChanged', 'ProductSizesChanged']);
      expect(history.body.data[1]).toMatchObject({ by: { id: adminId, name: 'Store Admin', role: 'admin' }, changes: { price: 599, previous_price: 650 } });
    });

    it('lists with search, category and status filters and paging', async () => {
      const product = await newProduct({ name: 'Filterable Lungi Print Tee' });
      const bySearch = await call('GET', '/api/admin/products?search=lungi&status=draft', tokens.care);
      expect(bySearch.status).toBe(200);
      expect(bySearch.body.data.map((row: Json) => row.id)).toEqual([product.id]);
      const published = await call('GET', `/api/admin/products?status=published&category=${categoryId}`, tokens.admin);
      expect(published.body.data.every((row: Json) => row.status === 'published' && row.category_id === categoryId)).toBe(true);
      const page2 = await call('GET', '/api/admin/products?page=2', tokens.admin);
      expect(page2.body).toMatchObject({ current_page: 2, per_page: 20 });
      expect((await call('GET', '/api/admin/products?status=gone', tokens.admin)).status).toBe(422);
      expect((await call('GET', '/api/admin/products/abc', tokens.admin)).status).toBe(422);
      expect((await call('GET', '/api/admin/products/999999', tokens.admin)).status).toBe(404);
    });
  });

  describe('Bengali name and description (issue 18)', () => {
    const searchHits = async (q: string) => (await call('GET', `/api/public/search-products?q=${encodeURIComponent(q)}&category_id=all`)).body.data as Json[];
    const shopSearch = async (q: string) => (await call('GET', `/api/public/getProductsByShop?search=${encodeURIComponent(q)}`)).body.data as Json[];

    it('records them with the acting admin, answers them beside the English ones, and the shop finds the product by either language', async () => {
      const product = await newProduct({
        name: 'Pohela Boishakh Tee',
        name_bn: '  পহেলা বৈশাখ টি-শার্ট ',
        description_bn: '<p>লাল-সাদা <b>উৎসবের</b> টি-শার্ট</p><script>alert(1)</script>',
        publish: true,
      });
      expect(product).toMatchObject({ name: 'Pohela Boishakh Tee', name_bn: 'পহেলা বৈশাখ টি-শার্ট', description_bn: '<p>লাল-সাদা <b>উৎসবের</b> টি-শার্ট</p>' });
      const [created] = await eventsOf(`product-${product.id}`);
      expect(created.data).toMatchObject({ name: 'Pohela Boishakh Tee', nameBn: 'পহেলা বৈশাখ টি-শার্ট', descriptionBnHtml: '<p>লাল-সাদা <b>উৎসবের</b> টি-শার্ট</p>' });
      expect(created.metadata.actor).toMatchObject({ id: adminId, role: 'admin' });

      const page = (await call('GET', `/api/public/productRow?slug=${product.slug}`)).body.data;
      expect(page).toMatchObject({ name: 'Pohela Boishakh Tee', name_bn: 'পহেলা বৈশাখ টি-শার্ট', description: '<p>Soft <b>cotton</b></p>', description_bn: '<p>লাল-সাদা <b>উৎসবের</b> টি-শার্ট</p>' });
      const [card] = await shopSearch('boishakh');
      expect(card).toMatchObject({ slug: product.slug, name: 'Pohela Boishakh Tee', name_bn: 'পহেলা বৈশাখ টি-শার্ট' });

      // A Bengali word, its beginning, a part inside it, and the English name.
      for (const q of ['বৈশাখ', 'বৈশা', 'শাখ', 'পহেলা বৈশাখ', 'Boishakh']) {
        expect({ q, first: (await searchHits(q))[0] }).toEqual({ q, first: expect.objectContaining({ slug: product.slug, name: 'Pohela Boishakh Tee', name_bn: 'পহেলা বৈশাখ টি-শার্ট' }) });
        expect({ q, first: (await shopSearch(q))[0]?.slug }).toEqual({ q, first: product.slug });
      }
    });

    it('changes and removes them as ProductDetailsChanged events by the acting admin, and the search follows', async () => {
      const product = await newProduct({ name: 'Kantha Stitch Tee', publish: true });
      expect(product).toMatchObject({ name_bn: null, description_bn: null });
      const named = await call('PATCH', `/api/admin/products/${product.id}`, tokens.admin, { name_bn: 'কাঁথা সেলাই টি-শার্ট', description_bn: '<p>হাতের কাজ</p>', version: product.version });
      expect(named.status).toBe(200);
      expect(named.body).toMatchObject({ name_bn: 'কাঁথা সেলাই টি-শার্ট', description_bn: '<p>হাতের কাজ</p>' });
      expect((await searchHits('সেলাই'))[0]).toMatchObject({ slug: product.slug });

      const removed = await call('PATCH', `/api/admin/products/${product.id}`, tokens.admin, { name_bn: '', description_bn: null });
      expect(removed.body).toMatchObject({ name_bn: null, description_bn: null });
      const events = (await eventsOf(`product-${product.id}`)).filter((event) => event.type === 'ProductDetailsChanged');
      expect(events.map((event) => event.data)).toEqual([
        { productId: product.id, changes: { nameBn: 'কাঁথা সেলাই টি-শার্ট', descriptionBnHtml: '<p>হাতের কাজ</p>' }, previous: { nameBn: null, descriptionBnHtml: null } },
        { productId: product.id, changes: { nameBn: null, descriptionBnHtml: null }, previous: { nameBn: 'কাঁথা সেলাই টি-শার্ট', descriptionBnHtml: '<p>হাতের কাজ</p>' } },
      ]);
      for (const event of events) expect(event.metadata.actor).toMatchObject({ id: adminId, role: 'admin' });
      expect(await searchHits('সেলাই')).toEqual([]);
      expect((await call('GET', `/api/public/productRow?slug=${product.slug}`)).body.data).toMatchObject({ name_bn: null, description_bn: null });
    });

    it('answers null for a product without them, and keeps a suggestion of it to its four fields', async () => {
      const page = (await call('GET', '/api/public/productRow?slug=men-retro-cassette-tee')).body.data;
      expect(page).toMatchObject({ name: 'Retro Cassette Tee', name_bn: null, description_bn: null });
      const [card] = await shopSearch('cassette');
      expect(card).toMatchObject({ slug: 'men-retro-cassette-tee', name_bn: null });
      const [hit] = await searchHits('cassette');
      expect(Object.keys(hit).sort()).toEqual(['id', 'name', 'slug', 'thumbnail']);
    });

    it.each([
      ['a Bengali name of 151 characters', 'POST', { name_bn: 'ক'.repeat(151) }, 'name_bn'],
      ['a Bengali name that is a number', 'POST', { name_bn: 42 }, 'name_bn'],
      ['a Bengali description of 20,001 characters', 'POST', { description_bn: 'ক'.repeat(20_001) }, 'description_bn'],
      ['a Bengali name that is a list', 'PATCH', { name_bn: ['বাঘ'] }, 'name_bn'],
      ['a Bengali description that is an object', 'PATCH', { description_bn: { html: '<p>বাঘ</p>' } }, 'description_bn'],
    ])('refuses %s (%s) with a 422 by field and records nothing', async (_label, method, body, field) => {
      const product = method === 'PATCH' ? await newProduct() : null;
      const before = (await db.query(`SELECT count(*)::int AS n FROM events WHERE type LIKE 'Product%'`)).rows[0].n;
      const answer =
        method === 'POST'
          ? await call('POST', '/api/admin/products', tokens.admin, { name: 'Tee', category_id: categoryId, price: 650, sizes: ['M'], ...body })
          : await call('PATCH', `/api/admin/products/${product!.id}`, tokens.admin, body);
      expect(answer.status).toBe(422);
      expect(Object.keys(answer.body.errors)).toEqual([field]);
      expect((await db.query(`SELECT count(*)::int AS n FROM events WHERE type LIKE 'Product%'`)).rows[0].n).toBe(before);
    });
  });

  describe('unique names on a store upgraded from the state-stored catalog', () => {
    const systemMeta = () => ({ correlationId: randomUUID(), causationId: null, actor: { id: 'test', role: 'system' as const } });
    const waitFor = async (check: () => Promise<boolean>) => {
      for (const until = Date.now() + 30_000; Date.now() < until; ) {
        if (await check()) return true;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return false;
    };
    const shopPrice = async (id: number) => (await db.query('SELECT price_paisa FROM products WHERE id = $1', [id])).rows[0]?.price_paisa ?? null;

    it('gives a product named like a pre-upgrade one a free slug, refuses its SKU and category slug, and the shop keeps receiving changes', async () => {
      // Rows as the previous release left them: in the shop's tables, with no reservation; then the migration's names step.
      const categoryRow = (await db.query(`SELECT nextval('catalog_category_ids')::int AS id`)).rows[0].id;
      await db.query(`INSERT INTO categories (id, name, slug, parent_id, position) VALUES ($1, 'Heritage', 'heritage-prints', NULL, 50)`, [categoryRow]);
      const productRow = (await db.query(`SELECT nextval('catalog_product_ids')::int AS id`)).rows[0].id;
      await db.query(
        `INSERT INTO products (id, slug, name, fullname, sku, price_paisa, category_id, thumbnail) VALUES ($1, 'nakshi-kantha-tee', 'Nakshi Kantha Tee', 'Nakshi Kantha Tee', 'OLD-NK-1', 90000, $2, '/x.webp')`,
        [productRow, categoryId],
      );
      await recordExistingNames({ query: (sql: string) => db.query(sql) });

      const twin = await newProduct({ name: 'Nakshi Kantha Tee', publish: true });
      expect(twin.slug).toBe('nakshi-kantha-tee-2');
      expect(twin.status).toBe('published');
      const sameSku = await call('POST', '/api/admin/products', tokens.admin, { name: 'Another Kantha', sku: 'OLD-NK-1', category_id: categoryId, price: 500, sizes: ['M'] });
      expect(sameSku.status).toBe(422);
      expect(sameSku.body.errors.sku[0]).toMatch(/already taken/);
      const sameSlug = await call('PATCH', `/api/admin/products/${twin.id}`, tokens.admin, { slug: 'nakshi-kantha-tee' });
      expect(sameSlug.status).toBe(422);
      const sameCategory = await call('POST', '/api/admin/categories', tokens.admin, { name: 'Heritage Prints' });
      expect(sameCategory.status).toBe(422);
      expect(sameCategory.body.errors.slug[0]).toMatch(/already taken/);

      // The projection is healthy: the twin is in the shop, and a later change reaches it.
      expect(await shopPrice(twin.id)).toBe(65000);
      expect((await call('PATCH', `/api/admin/products/${twin.id}`, tokens.admin, { price: 610 })).status).toBe(200);
      expect(await shopPrice(twin.id)).toBe(61000);
      expect(await shopPrice(productRow)).toBe(90000);
    });

    it('never stops the catalog projection on a shop name another row holds, even one the write side never reserved', async () => {
      const rogueId = (await db.query(`SELECT nextval('catalog_product_ids')::int AS id`)).rows[0].id;
      const existing = await newProduct({ publish: true });
      await server.app.get(EventStore).appendToStreams(
        [
          {
            streamId: `product-${rogueId}`,
            expectedVersion: 0,
            events: [
              {
                type: 'ProductCreated',
                data: { productId: rogueId, slug: existing.slug, sku: existing.sku, name: 'Rogue', fullname: 'Rogue', categoryId, descriptionHtml: '', badge: null, pricePaisa: 50000, oldPricePaisa: null, sizes: ['M'], images: [], createdAt: null },
              },
              { type: 'ProductPublished', data: { productId: rogueId } },
            ],
          },
        ],
        systemMeta(),
      );
      expect(await waitFor(async () => (await shopPrice(rogueId)) !== null)).toBe(true);
      const rogue = (await db.query('SELECT slug, sku FROM products WHERE id = $1', [rogueId])).rows[0];
      expect(rogue).toEqual({ slug: `${existing.slug}-${rogueId}`, sku: `${existing.sku}-${rogueId}` });
      expect((await call('PATCH', `/api/admin/products/${existing.id}`, tokens.admin, { price: 640 })).status).toBe(200);
      expect(await shopPrice(existing.id)).toBe(64000);
    });

    it('keeps a migrated brand\'s own creation time, as a rebuild does', async () => {
      const brandId = (await db.query(`SELECT nextval('catalog_brand_ids')::int AS id`)).rows[0].id;
      await server.app.get(EventStore).appendToStreams(
        [{ streamId: `brand-${brandId}`, expectedVersion: 0, events: [{ type: 'BrandSaved', data: { brandId, name: 'Old Brand', description: '', status: 1, createdAt: '2024-03-01T10:00:00.123456+00:00' } }] }],
        systemMeta(),
      );
      expect(await waitFor(async () => (await db.query('SELECT 1 FROM brands WHERE id = $1', [brandId])).rows.length > 0)).toBe(true);
      const row = (await db.query(`SELECT created_at = '2024-03-01T10:00:00.123456+00:00'::timestamptz AS kept FROM brands WHERE id = $1`, [brandId])).rows[0];
      expect(row.kept).toBe(true);
    });
  });

  describe('pictures', () => {
    it('stores a PNG in three sizes under content-hashed names, without its GPS EXIF block, with a year of immutable caching', async () => {
      const product = await newProduct();
      const png = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#3366cc' } })
        .withExif({ IFD0: { Copyright: 'phone' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '23/1 46/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '90/1 24/1 0/1' } })
        .png()
        .toBuffer();
      const input = await sharp(png).metadata();
      expect(input.exif).toBeDefined();
      const answer = await upload(`/api/admin/products/${product.id}/images`, tokens.admin, png, 'holiday.png', 'image/png');
      expect(answer.status).toBe(201);
      const [image] = answer.body.images;
      expect(image.img).toMatch(/^\/uploads\/products\/[0-9a-f]{20}-zoom\.webp$/);
      for (const [url, width] of [[image.thumb, 160], [image.card, 480], [image.img, 1200]] as const) {
        const response = await fetch(`${server.baseUrl}${url}`);
        expect(response.status).toBe(200);
        expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
        const bytes = Buffer.from(await response.arrayBuffer());
        const meta = await sharp(bytes).metadata();
        expect(meta).toMatchObject({ format: 'webp', width });
        expect(meta.exif).toBeUndefined();
        expect(bytes.includes(Buffer.from('EXIF'))).toBe(false);
      }
      expect((await eventsOf(`product-${product.id}`)).map((event) => event.type)).toContain('ProductImagesChanged');
    });

    it.each([
      ['a file over 5 MB', () => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(5 * 1024 * 1024 + 10, 7)]), 'big.png', 'image/png', /5 MB/],
      ['an executable renamed to .jpg', () => Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(2000, 1)]), 'photo.jpg', 'image/jpeg', /JPEG, PNG or WebP/],
      ['an SVG with a script', () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script><rect width="10" height="10"/></svg>'), 'tee.svg', 'image/svg+xml', /JPEG, PNG or WebP/],
      ['an SVG named .png', () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>'), 'tee.png', 'image/png', /JPEG, PNG or WebP/],
      ['a truncated PNG', () => Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0]), 'broken.png', 'image/png', /could not be read/],
    ])('refuses %s with a 422 and stores nothing', async (_label, bytes, filename, type, message) => {
      const product = await newProduct();
      const before = uploadedFiles();
      const answer = await upload(`/api/admin/products/${product.id}/images`, tokens.admin, bytes(), filename, type);
      expect(answer.status).toBe(422);
      expect(answer.body.errors.image[0]).toMatch(message);
      expect(uploadedFiles()).toEqual(before);
      expect((await call('GET', `/api/admin/products/${product.id}`, tokens.admin)).body.images).toEqual([]);
    });
  });

  describe('categories, settings and info pages', () => {
    it('creates a child category, renames it, refuses a stale version and a taken slug', async () => {
      const menId = (await db.query(`SELECT id FROM categories WHERE slug = 'men'`)).rows[0].id;
      const created = await call('POST', '/api/admin/categories', tokens.admin, { name: 'Henley Tees', parent_id: menId });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ name: 'Henley Tees', slug: 'henley-tees', parent_id: menId, version: 1 });
      const list = await call('GET', '/api/admin/categories', tokens.care);
      expect(list.body.tree.find((top: Json) => top.id === menId).children.map((c: Json) => c.slug)).toContain('henley-tees');
      const publicList = await call('GET', '/api/public/parentChildCategory');
      expect(JSON.stringify(publicList.body)).toContain('henley-tees');

      const renamed = await call('PATCH', `/api/admin/categories/${created.body.id}`, tokens.admin, { name: 'Henleys', position: 9, version: 1 });
      expect(renamed.body).toMatchObject({ name: 'Henleys', position: 9, version: 2 });
      expect((await call('PATCH', `/api/admin/categories/${created.body.id}`, tokens.admin, { name: 'Again', version: 1 })).status).toBe(409);
      const taken = await call('POST', '/api/admin/categories', tokens.admin, { name: 'Men again', slug: 'men' });
      expect(taken.status).toBe(422);
      expect(taken.body.errors.slug[0]).toMatch(/taken/);
      expect((await call('PATCH', `/api/admin/categories/${created.body.id}`, tokens.admin, { parent_id: created.body.id })).status).toBe(422);
      const [event] = await eventsOf(`category-${created.body.id}`);
      expect(event.metadata.actor.id).toBe(adminId);
    });

    it('lets a product and a category go back to their own earlier slug and SKU, but not take another\'s', async () => {
      const product = await newProduct({ name: 'Round Trip Tee' });
      const patch = (body: Json) => call('PATCH', `/api/admin/products/${product.id}`, tokens.admin, body);
      expect((await patch({ slug: 'round-trip-b', sku: 'RT-B' })).status).toBe(200);
      const back = await patch({ slug: 'round-trip-tee', sku: product.sku });
      expect(back.status).toBe(200);
      expect(back.body).toMatchObject({ slug: 'round-trip-tee', sku: product.sku });
      expect((await patch({ slug: 'round-trip-b' })).status).toBe(200);
      const other = await newProduct();
      const taken = await call('PATCH', `/api/admin/products/${other.id}`, tokens.admin, { slug: 'round-trip-tee' });
      expect(taken.status).toBe(422);
      expect(taken.body.errors.slug[0]).toMatch(/already taken/);

      const category = (await call('POST', '/api/admin/categories', tokens.admin, { name: 'Loop Tees' })).body;
      expect((await call('PATCH', `/api/admin/categories/${category.id}`, tokens.admin, { slug: 'loop-b' })).status).toBe(200);
      const categoryBack = await call('PATCH', `/api/admin/categories/${category.id}`, tokens.admin, { slug: 'loop-tees' });
      expect(categoryBack.status).toBe(200);
      expect(categoryBack.body.slug).toBe('loop-tees');
    });

    it('answers an unreadable If-Match with a 422 that says what to send, and changes nothing', async () => {
      const product = await newProduct();
      const answer = await fetch(`${server.baseUrl}/api/admin/products/${product.id}`, {
        method: 'PATCH',
        headers: { authorization: `Bearer ${tokens.admin}`, 'content-type': 'application/json', 'if-match': '"abc"' },
        body: JSON.stringify({ price: 700 }),
      });
      expect(answer.status).toBe(422);
      const body = await answer.json();
      expect(body.errors['If-Match'][0]).toMatch(/version/);
      expect((await call('GET', `/api/admin/products/${product.id}`, tokens.admin)).body.price).toBe(650);
    });

    it('decides two opposite moves at once one after the other, so the tree never gets a cycle', async () => {
      const x = (await call('POST', '/api/admin/categories', tokens.admin, { name: 'Cycle X' })).body;
      const y = (await call('POST', '/api/admin/categories', tokens.admin, { name: 'Cycle Y' })).body;
      const answers = await Promise.all([
        call('PATCH', `/api/admin/categories/${x.id}`, tokens.admin, { parent_id: y.id }),
        call('PATCH', `/api/admin/categories/${y.id}`, tokens.admin, { parent_id: x.id }),
      ]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 422]);
      const refused = answers.find((answer) => answer.status === 422)!;
      expect(refused.body.errors.parent_id[0]).toMatch(/top-level|sub-categories/);
      const rows = (await db.query('SELECT id, parent_id FROM categories WHERE id = ANY($1::int[])', [[x.id, y.id]])).rows;
      expect(rows.filter((row) => row.parent_id !== null)).toHaveLength(1);
    });

    it('changes the delivery charges and bKash number, which the shop shows at once', async () => {
      const before = await call('GET', '/api/admin/settings', tokens.care);
      expect(before.body).toMatchObject({ name: 'Tee Bazaar', devliery_charge_inside_dhk: 70 });
      const saved = await call('PUT', '/api/admin/settings', tokens.admin, { devliery_charge_inside_dhk: 60, bkash_number: '01812345678' });
      expect(saved.status).toBe(200);
      expect(saved.body).toMatchObject({ devliery_charge_inside_dhk: 60, bkash_number: '01812345678', name: 'Tee Bazaar' });
      const shop = await call('GET', '/api/public/settingRow');
      expect(JSON.stringify(shop.body)).toContain('01812345678');
      const bad = await call('PUT', '/api/admin/settings', tokens.admin, { bkash_number: '12345', devliery_charge: -1 });
      expect(bad.status).toBe(422);
      expect(Object.keys(bad.body.errors).sort()).toEqual(['bkash_number', 'devliery_charge']);
      expect((await call('PUT', '/api/admin/settings', tokens.admin, { name: 'X', version: saved.body.version - 1 })).status).toBe(409);
      const [last] = (await eventsOf('settings')).slice(-1);
      expect(last).toMatchObject({ type: 'SettingsChanged', metadata: { actor: { id: adminId } } });
    });

    it('edits what the product page promises and when a size says "only N left" (issue 16)', async () => {
      const before = await call('GET', '/api/admin/settings', tokens.care);
      expect(before.body).toMatchObject({ delivery_time_inside_dhaka: '1-2 days', return_days: 7, low_stock_threshold: 5 });
      const saved = await call('PUT', '/api/admin/settings', tokens.admin, { hotline: '09610001234', delivery_time_outside_dhaka: '2-4 days', return_days: 10, low_stock_threshold: 3 });
      expect(saved.status).toBe(200);
      const shop = await call('GET', '/api/public/settingRow');
      expect(shop.body.data).toMatchObject({ hotline: '09610001234', delivery_time_outside_dhaka: '2-4 days', return_days: 10, low_stock_threshold: 3 });
      const bad = await call('PUT', '/api/admin/settings', tokens.admin, { return_days: 1.5, low_stock_threshold: -1, hotline: 'call us' });
      expect(bad.status).toBe(422);
      expect(Object.keys(bad.body.errors).sort()).toEqual(['hotline', 'low_stock_threshold', 'return_days']);
    });

    it('saves an info page with its HTML sanitized, shown by the shop', async () => {
      const saved = await call('PUT', '/api/admin/posts/about', tokens.admin, { name: 'About Tee Bazaar', html: '<p onclick="x()">Hello <img src=x onerror=alert(1)>Dhaka</p><script>bad()</script>' });
      expect(saved.status).toBe(200);
      expect(saved.body).toMatchObject({ name: 'About Tee Bazaar', html: '<p>Hello Dhaka</p>' });
      const shop = await call('GET', '/api/public/getPostData?category_id=1');
      expect(JSON.stringify(shop.body)).toContain('Hello Dhaka');
      expect((await call('GET', '/api/admin/posts/careers', tokens.admin)).status).toBe(404);
      expect((await call('PUT', '/api/admin/posts/about', tokens.admin, {})).status).toBe(422);
    });
  });

  describe('the owner’s words in Bengali, and a product sellable in one step (issue 31)', () => {
    it('records a category’s Bengali name on its events and answers it beside the English one, in the console and the shop', async () => {
      const created = await call('POST', '/api/admin/categories', tokens.admin, { name: 'Polo Shirts', name_bn: ' পোলো শার্ট ', parent_id: null });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ name: 'Polo Shirts', name_bn: 'পোলো শার্ট' });
      const [first] = await eventsOf(`category-${created.body.id}`);
      expect(first).toMatchObject({ type: 'CategoryCreated', data: { name: 'Polo Shirts', nameBn: 'পোলো শার্ট' } });
      const shop = (await call('GET', '/api/public/parentChildCategory')).body.data as Json[];
      expect(shop.find((category) => category.id === created.body.id)).toMatchObject({ name: 'Polo Shirts', name_bn: 'পোলো শার্ট' });
      // A category without one answers null, so Bengali mode shows the English name.
      expect(shop.find((category) => category.id !== created.body.id)).toMatchObject({ name_bn: null });

      const renamed = await call('PATCH', `/api/admin/categories/${created.body.id}`, tokens.admin, { name_bn: 'পোলো', version: created.body.version });
      expect(renamed.body).toMatchObject({ name: 'Polo Shirts', name_bn: 'পোলো' });
      const [, changed] = await eventsOf(`category-${created.body.id}`);
      expect(changed).toMatchObject({ type: 'CategoryChanged', data: { changes: { nameBn: 'পোলো' }, previous: { nameBn: 'পোলো শার্ট' } } });
      const list = (await call('GET', '/api/admin/categories', tokens.care)).body.data as Json[];
      expect(list.find((category) => category.id === created.body.id)).toMatchObject({ name_bn: 'পোলো' });
    });

    it('answers a product’s Bengali badge on its cards; empty removes it', async () => {
      const product = await newProduct({ name: 'Eid Special Tee', badge: 'New', badge_bn: 'নতুন', publish: true });
      expect(product).toMatchObject({ badge: 'New', badge_bn: 'নতুন' });
      const card = () => call('GET', `/api/public/getProductsByShop?search=${encodeURIComponent('Eid Special')}`).then((answer) => (answer.body.data as Json[])[0]);
      expect(await card()).toMatchObject({ slug: product.slug, badge: 'New', badge_bn: 'নতুন' });
      const cleared = await call('PATCH', `/api/admin/products/${product.id}`, tokens.admin, { badge_bn: '' });
      expect(cleared.body).toMatchObject({ badge: 'New', badge_bn: null });
      expect(await card()).toMatchObject({ badge: 'New', badge_bn: null });
    });

    it('saves the store texts and delivery times in Bengali, which the shop’s settings answer beside the English ones', async () => {
      const saved = await call('PUT', '/api/admin/settings', tokens.admin, {
        name_bn: 'টি বাজার',
        description_bn: 'ঢাকার টি-শার্ট',
        address_bn: 'মিরপুর, ঢাকা',
        delivery_time_inside_dhaka_bn: '১-২ দিন',
        delivery_time_outside_dhaka_bn: '৩-৫ দিন',
      });
      expect(saved.status).toBe(200);
      const shop = (await call('GET', '/api/public/settingRow')).body.data;
      expect(shop).toMatchObject({ name: 'Tee Bazaar', name_bn: 'টি বাজার', address_bn: 'মিরপুর, ঢাকা', delivery_time_inside_dhaka_bn: '১-২ দিন', delivery_time_outside_dhaka_bn: '৩-৫ দিন' });
      const [last] = (await eventsOf('settings')).slice(-1);
      expect(last.data.settings).toMatchObject({ name_bn: 'টি বাজার', delivery_time_inside_dhaka_bn: '১-২ দিন' });
      const tooLong = await call('PUT', '/api/admin/settings', tokens.admin, { delivery_time_inside_dhaka_bn: 'দ'.repeat(41) });
      expect(tooLong.status).toBe(422);
      expect(Object.keys(tooLong.body.errors)).toEqual(['delivery_time_inside_dhaka_bn']);
    });

    it('stocks a draft before it is published; the stock list shows a change as soon as it is answered; a sold-out size is refused', async () => {
      const product = await newProduct({ name: 'Rickshaw Art Tee', sizes: ['M', 'L'] });
      const received = await call('POST', '/api/admin/stock/receive', tokens.admin, { productId: product.id, size: 'M', quantity: 4, note: 'first stock' });
      expect(received.status).toBe(200);
      expect(received.body.data).toMatchObject({ size: 'M', available: 4 });
      // The size never stocked has an empty history, not a missing one; a size the product is not sold in is a 404.
      expect(await call('GET', `/api/admin/stock/${product.id}/L/stream`, tokens.care)).toMatchObject({ status: 200, body: { data: [] } });
      expect((await call('GET', `/api/admin/stock/${product.id}/XXL/stream`, tokens.care)).status).toBe(404);
      const [event] = await eventsOf(`sku-${product.id}-M`);
      expect(event).toMatchObject({ type: 'StockReceived', data: { quantity: 4 }, metadata: { note: 'first stock', actor: { role: 'admin' } } });
      await call('POST', `/api/admin/products/${product.id}/publish`, tokens.admin, {});
      const rows = async () => (await call('GET', `/api/admin/stock?search=${product.sku}`, tokens.care)).body.data as Json[];
      expect((await rows()).map((row) => `${row.size}:${row.available}`).sort()).toEqual(['L:0', 'M:4']);
      // No wait between the answer and the next read: the change is in the list already.
      expect((await call('POST', '/api/admin/stock/adjust', tokens.admin, { productId: product.id, size: 'M', delta: -1, reason: 'damaged' })).status).toBe(200);
      expect((await rows()).find((row) => row.size === 'M')).toMatchObject({ available: 3 });
      const soldOut = await call('GET', `/api/public/checkProductAttribue?product_id=${product.id}&size=L&qty=1`);
      expect(soldOut.status).toBeGreaterThanOrEqual(400);
      expect(soldOut.status).toBeLessThan(500);
      expect(JSON.stringify(soldOut.body)).toContain('out of stock in size L');
    });
  });

  describe('brands', () => {
    it('saves, edits and deletes a brand as events on its stream', async () => {
      const saved = await call('POST', '/api/brands/save', tokens.admin, { name: 'Padma Prints', description: 'River prints', status: 1 });
      expect(saved.status).toBe(200);
      const id = saved.body.data.id;
      const edited = await call('POST', '/api/brands/save', tokens.admin, { id, name: 'Padma Prints Co', description: '', status: 0 });
      expect(edited.body.data).toMatchObject({ id, name: 'Padma Prints Co', status: 0 });
      expect((await call('GET', `/api/brands/brandrow/${id}`, tokens.admin)).body.data.name).toBe('Padma Prints Co');
      expect((await call('GET', `/api/brands/delete/${id}`, tokens.admin)).status).toBe(200);
      expect((await call('GET', `/api/brands/brandrow/${id}`, tokens.admin)).status).toBe(404);
      expect((await eventsOf(`brand-${id}`)).map((event) => [event.type, event.metadata.actor.id])).toEqual([
        ['BrandSaved', adminId],
        ['BrandSaved', adminId],
        ['BrandDeleted', adminId],
      ]);
    });
  });

  describe('staff', () => {
    it('adds a care member who sets a password through the mailed invitation link', async () => {
      const added = await call('POST', '/api/admin/staff', tokens.admin, { name: 'Nusrat Jahan', email: 'Nusrat@TeeBazaar.test', role: 'care' });
      expect(added.status).toBe(201);
      expect(added.body).toMatchObject({ name: 'Nusrat Jahan', email: 'nusrat@teebazaar.test', role: 'care', status: 'invited' });
      const events = await eventsOf(`user-${added.body.id}`);
      expect(events.map((event) => event.type)).toEqual(['StaffMemberAdded', 'StaffInvitationSent']);
      expect(events[0].metadata.actor.id).toBe(adminId);
      expect((await call('POST', '/api/admin/staff', tokens.admin, { name: 'Again', email: 'nusrat@teebazaar.test', role: 'care' })).status).toBe(422);
      const bad = await call('POST', '/api/admin/staff', tokens.admin, { name: '', email: 'nope', role: 'owner' });
      expect(Object.keys(bad.body.errors).sort()).toEqual(['email', 'name', 'role']);
      const list = await call('GET', '/api/admin/staff', tokens.care);
      expect(list.body.data.map((member: Json) => member.email)).toEqual(expect.arrayContaining(['nusrat@teebazaar.test', 'care@teebazaar.test']));

      // The mailed link sets the password once; then the new member logs in with the care role.
      const folder = join(server.dataDir, 'mail');
      let link: string | undefined;
      for (const deadline = Date.now() + 15_000; !link && Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 200))) {
        let files: string[] = [];
        try {
          files = readdirSync(folder).filter((name) => name.endsWith('.eml'));
        } catch {
          files = [];
        }
        const mail = files.map((name) => readFileSync(join(folder, name), 'utf8').replace(/=\r?\n/g, '')).find((text) => text.includes('To: nusrat@teebazaar.test'));
        link = mail && /admin\/invitation\/([A-Za-z0-9_-]{43})/.exec(mail)?.[1];
      }
      expect(link).toBeDefined();
      const set = await call('POST', '/api/public/staff-invitations/accept', undefined, { token: link, password: 'jamdani-weave-2026', password_confirmation: 'jamdani-weave-2026' });
      expect(set.status).toBe(200);
      expect((await call('POST', '/api/public/staff-invitations/accept', undefined, { token: link, password: 'another-pass-2026', password_confirmation: 'another-pass-2026' })).status).toBeGreaterThanOrEqual(400);
      const signedIn = await login('nusrat@teebazaar.test', 'jamdani-weave-2026');
      expect((await call('GET', '/api/admin/products', signedIn.access_token)).status).toBe(200);
      expect((await call('POST', '/api/admin/products', signedIn.access_token, {})).status).toBe(403);
    });

    it('disables a care account: its token is refused on the next call and it cannot log in again', async () => {
      const care = DEMO_STAFF_ACCOUNTS.find((account) => account.role === 'care')!;
      const careToken = (await login(care.email, care.password)).access_token;
      expect((await call('GET', '/api/admin/products', careToken)).status).toBe(200);
      const careId = (await db.query('SELECT id FROM users WHERE email = $1', [care.email])).rows[0].id;
      expect((await call('POST', `/api/admin/staff/${adminId}/disable`, tokens.admin, {})).status).toBe(422);
      const disabled = await call('POST', `/api/admin/staff/${careId}/disable`, tokens.admin, {});
      expect(disabled.status).toBe(200);
      expect(disabled.body.status).toBe('disabled');
      expect((await call('GET', '/api/admin/products', careToken)).status).toBe(401);
      expect((await call('POST', '/api/auth/userLogin', undefined, { email: care.email, password: care.password })).status).toBe(401);
      expect((await eventsOf(`user-${careId}`)).slice(-1)[0]).toMatchObject({ type: 'StaffMemberDisabled', metadata: { actor: { id: adminId } } });
    });
  });
});
