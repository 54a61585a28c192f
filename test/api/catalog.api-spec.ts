import { randomUUID } from 'node:crypto';
import { get as httpGet, type IncomingHttpHeaders } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Client } from 'pg';
import { EventStore } from '../../server/event-store/event-store';
import { ProjectionRunner } from '../../server/event-store/projection-runner';
import { skuStreamId } from '../../server/inventory/domain/sku-stream';
import { PRECOMPRESSED_PATHS } from '../../server/catalog/api/public-catalog.controller';
import type { TestServer } from '../support/test-server';
import { useServerWithDb } from '../support/api-store';

interface Card {
  id: number;
  slug: string;
  name: string;
  price: number;
  old_price: number | null;
  currency: string;
  thumbnail: string;
  badge: string | null;
  name_bn: string | null;
  badge_bn: string | null;
}

interface Page {
  data: Card[];
  current_page: number;
  last_page: number;
  total: number;
  per_page: number;
}

describe('public catalog calls', () => {
  const store = useServerWithDb();
  let server: TestServer, db: Client;
  beforeAll(async () => {
    ({ server, db } = store);
    await server.app.get(ProjectionRunner).waitUntilCaughtUp();
  });

  const get = async (path: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`${server.baseUrl}/api/public/${path}`, { headers });
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
  };

  /** Reads until `done` holds for what was read (or 30 s passed), and returns the last read. */
  const until = async <T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> => {
    for (const deadline = Date.now() + 30_000; ; await new Promise((resolve) => setTimeout(resolve, 50))) {
      const value = await read();
      if (done(value) || Date.now() > deadline) return value;
    }
  };

  /** A SKU of the seeded catalog whose projected stock matches `condition`. */
  const sku = async (condition: string) => {
    const { rows } = await db.query(
      `SELECT p.id, p.slug, p.name, st.size, st.available FROM sku_stock st JOIN products p ON p.id = st.product_id
        WHERE ${condition} ORDER BY p.id, st.size LIMIT 1`,
    );
    expect(rows).toHaveLength(1);
    return rows[0] as { id: number; slug: string; name: string; size: string; available: number };
  };

  describe('settingRow', () => {
    it('gives the store settings with the delivery charges in Taka', async () => {
      const { status, body } = await get('settingRow');
      expect(status).toBe(200);
      expect(body.data).toMatchObject({
        name: expect.any(String),
        currency: '৳',
        devliery_charge_inside_dhk: 70,
        devliery_charge_outside_dhk: 130,
        bkash_number: expect.stringMatching(/^01\d{9}$/),
      });
      expect(Object.keys(body.data).sort()).toEqual(
        [
          'address', 'bkash_number', 'currency', 'description', 'devliery_charge', 'devliery_charge_inside_dhk',
          'devliery_charge_outside_dhk', 'email', 'fblink', 'name', 'whatsApp',
          // Issue 16: what the product page and the care bar tell shoppers.
          'hotline', 'delivery_time_inside_dhaka', 'delivery_time_outside_dhaka', 'return_days', 'low_stock_threshold', 'product_weight_grams',
          // Issue 34: bKash orders pay through the gateway (the demo one here, without bKash credentials).
          'bkash_checkout',
          // Issue 31: the owner's words in Bengali (empty: the shop shows the English ones).
          'name_bn', 'description_bn', 'address_bn', 'delivery_time_inside_dhaka_bn', 'delivery_time_outside_dhaka_bn',
        ].sort(),
      );
      expect(body.data.bkash_checkout).toBe(true);
      expect(body.data).toMatchObject({ hotline: expect.stringMatching(/^\+?\d{6,15}$/), delivery_time_inside_dhaka: '1-2 days', delivery_time_outside_dhaka: '3-5 days', return_days: 7, low_stock_threshold: 5 });
    });

    it('lets a browser revalidate with its ETag and get a 304 without a body', async () => {
      const first = await get('settingRow');
      const etag = first.headers.get('etag');
      expect(etag).toBeTruthy();
      expect(first.headers.get('cache-control')).toMatch(/max-age=\d+/);
      // As a browser revalidates; without Cache-Control, fetch would add "no-cache", which forbids a 304.
      const again = await fetch(`${server.baseUrl}/api/public/settingRow`, {
        headers: { 'If-None-Match': etag!, 'Cache-Control': 'max-age=0' },
      });
      expect(again.status).toBe(304);
      expect(await again.text()).toBe('');
    });
  });

  describe('categories', () => {
    it('gives Men and Women with at least three children each', async () => {
      const { body } = await get('parentChildCategory');
      expect(body.data.map((parent: { name: string }) => parent.name)).toEqual(['Men', 'Women']);
      for (const parent of body.data) {
        expect(parent.children.length).toBeGreaterThanOrEqual(3);
        for (const child of parent.children) {
          // Issue 31: the category's Bengali name beside the specification's fields, or null.
          expect(child).toEqual({ id: expect.any(Number), name: expect.any(String), name_bn: child.name_bn === null ? null : expect.any(String), slug: expect.any(String), children: [] });
        }
      }
    });

    it('lists parents and children separately', async () => {
      const parents = (await get('parentCategory')).body.data;
      const children = (await get('subCategory')).body.data;
      expect(parents.map((category: { slug: string }) => category.slug)).toEqual(['men', 'women']);
      expect(children.length).toBeGreaterThanOrEqual(6);
      expect(children.map((category: { slug: string }) => category.slug)).not.toContain('men');
    });
  });

  describe('product lists', () => {
    it('pages the shop 20 at a time, newest first, with the paginator fields', async () => {
      const first: Page = (await get('getProductsByShop?page=1')).body;
      const { rows } = await db.query('SELECT count(*)::int AS total FROM products');
      expect(first).toMatchObject({ current_page: 1, per_page: 20, total: rows[0].total, last_page: Math.ceil(rows[0].total / 20) });
      expect(first.data).toHaveLength(20);
      expect(first.data[0]).toEqual({
        id: expect.any(Number), slug: expect.any(String), name: expect.any(String), fullname: expect.any(String),
        sku: expect.any(String), thumbnail: expect.stringMatching(/^\/uploads\/products\/.+\.svg$/), price: expect.any(Number),
        old_price: first.data[0].old_price === null ? null : expect.any(Number), currency: '৳',
        badge: first.data[0].badge === null ? null : expect.any(String),
        // Issue 18, beside the specification's fields: the Bengali name, or null.
        name_bn: first.data[0].name_bn === null ? null : expect.any(String),
        // Issue 31: the badge in Bengali, or null.
        badge_bn: first.data[0].badge_bn === null ? null : expect.any(String),
      });
      const second: Page = (await get('getProductsByShop?page=2')).body;
      expect(second.current_page).toBe(2);
      const firstIds = new Set(first.data.map((card) => card.id));
      expect(second.data.some((card) => firstIds.has(card.id))).toBe(false);
    });

    it('gives the first page without a page parameter and an empty page past the last', async () => {
      expect((await get('getProductsByShop')).body.current_page).toBe(1);
      const past: Page = (await get('getProductsByShop?page=999')).body;
      expect(past).toMatchObject({ data: [], current_page: 999, per_page: 20 });
    });

    it.each(['abc', '0', '-1', '1.5', '1e3', '99999999'])('answers page=%s with a 422 naming the page', async (page) => {
      const { status, body } = await get(`getProductsByShop?page=${encodeURIComponent(page)}`);
      expect(status).toBe(422);
      expect(body.errors.page[0]).toBe('The page must be a whole number from 1.');
    });

    it('answers a repeated page parameter with a 422, not a 500', async () => {
      const { status } = await get('getProductsByShop?page=1&page=2');
      expect(status).toBe(422);
    });

    it('searches the shop with the same matching as the search box', async () => {
      const page: Page = (await get('getProductsByShop?page=1&search=polo')).body;
      expect(page.total).toBeGreaterThanOrEqual(5);
      for (const card of page.data) expect(card.name.toLowerCase()).toContain('polo');
    });

    it('lists a child category with only its own products', async () => {
      const page: Page = (await get('getProductsByShopBycategory?page=1&categlorySlug=men-polo-shirts')).body;
      const { rows } = await db.query(
        `SELECT p.id FROM products p JOIN categories c ON c.id = p.category_id WHERE c.slug = 'men-polo-shirts'`,
      );
      expect(page.total).toBe(rows.length);
      expect(page.data.map((card) => card.id).sort()).toEqual(rows.map((row) => row.id).sort());
    });

    it('lists every child of a parent category on the main category page', async () => {
      const men: Page = (await get('shopByMainCategory?page=1&categlorySlug=men')).body;
      const { rows } = await db.query(
        `SELECT count(*)::int AS total FROM products p JOIN categories c ON c.id = p.category_id
           JOIN categories parent ON parent.id = c.parent_id WHERE parent.slug = 'men'`,
      );
      expect(men.total).toBe(rows[0].total);
      expect(men.total).toBeGreaterThan(20);
    });

    it('answers an unknown category slug with a 404 and a message', async () => {
      for (const path of ['getProductsByShopBycategory?categlorySlug=no-such-thing', 'shopByMainCategory?categlorySlug=no-such-thing']) {
        const { status, body } = await get(path);
        expect(status).toBe(404);
        expect(body).toEqual({ success: false, code: expect.any(String), message: 'Category not found.' });
      }
    });

    it('answers a category page without a slug with a 422', async () => {
      const { status, body } = await get('getProductsByShopBycategory?page=1');
      expect(status).toBe(422);
      expect(body.errors.categlorySlug[0]).toBe('The categlorySlug is required.');
    });

    it('gives trending products that are in stock', async () => {
      const { body } = await get('getProducts');
      expect(body.data.length).toBeGreaterThan(0);
      const { rows } = await db.query(
        `SELECT product_id FROM sku_stock GROUP BY product_id HAVING sum(available) > 0`,
      );
      const inStock = new Set(rows.map((row) => row.product_id));
      for (const card of body.data as Card[]) expect(inStock.has(card.id)).toBe(true);
    });
  });

  describe('search-products', () => {
    const search = async (q: string, category = 'all') =>
      (await get(`search-products?q=${encodeURIComponent(q)}&category_id=${category}`)).body.data as Array<{ id: number; name: string; slug: string }>;

    it('finds a product from part of a word anywhere in its name', async () => {
      expect((await search('ricksh')).map((hit) => hit.name)).toContain('Dhaka Rickshaw Art Tee');
      expect((await search('bengal')).map((hit) => hit.name)).toContain('Royal Bengal Tiger Tee');
    });

    it('ignores case and accents', async () => {
      expect((await search('TIGER'))[0].name).toBe('Royal Bengal Tiger Tee');
      expect((await search('tígér'))[0].name).toBe('Royal Bengal Tiger Tee');
    });

    it('still finds a product with one letter wrong, missing or swapped', async () => {
      expect((await search('rickshw')).map((hit) => hit.name)).toContain('Dhaka Rickshaw Art Tee');
      expect((await search('casette')).map((hit) => hit.name)).toContain('Retro Cassette Tee');
      expect((await search('samuria')).map((hit) => hit.name)).toContain('Street Samurai Oversized Tee');
    });

    it('ranks the best match first', async () => {
      const hits = await search('crop top');
      expect(hits.length).toBeGreaterThan(1);
      expect(hits[0].name.toLowerCase()).toMatch(/^ribbed crop top/);
      const polo = await search('classic pique polo');
      expect(polo[0].name).toMatch(/^Classic Pique Polo/);
    });

    it('answers nothing for fewer than two characters and for words the catalog does not have', async () => {
      expect(await search('t')).toEqual([]);
      expect(await search('')).toEqual([]);
      expect(await search('zzzzqqq')).toEqual([]);
    });

    it('keeps to the chosen category and its children', async () => {
      const { rows } = await db.query(`SELECT id FROM categories WHERE slug = 'women'`);
      const women = await search('tee', String(rows[0].id));
      expect(women.length).toBeGreaterThan(0);
      for (const hit of women) expect(hit.slug).toMatch(/^women-/);
      const men = await search('oversized', 'all');
      expect(men.some((hit) => hit.slug.startsWith('men-'))).toBe(true);
    });

    it('gives only id, name, slug and thumbnail', async () => {
      const [hit] = await search('polo');
      expect(Object.keys(hit).sort()).toEqual(['id', 'name', 'slug', 'thumbnail']);
    });

    it('answers a category_id that is neither all nor a number with a 422', async () => {
      const { status, body } = await get('search-products?q=polo&category_id=men');
      expect(status).toBe(422);
      expect(body.errors.category_id).toBeDefined();
    });
  });

  describe('productRow', () => {
    it('gives the product with pictures, category and uppercase sizes, marking sold-out sizes', async () => {
      const soldOut = await sku('st.available = 0');
      const { status, body } = await get(`productRow?slug=${soldOut.slug}`);
      expect(status).toBe(200);
      const product = body.data;
      expect(product).toMatchObject({ id: soldOut.id, slug: soldOut.slug, name: soldOut.name, currency: '৳' });
      expect(product.previewImages.length).toBeGreaterThan(0);
      expect(product.previewImages[0]).toEqual({ img: expect.stringMatching(/^\/uploads\//) });
      expect(product.thumbImages[0]).toEqual({ thumb: expect.stringMatching(/^\/uploads\//) });
      expect(product.category).toEqual({ id: expect.any(Number), name: expect.any(String), slug: expect.any(String) });
      for (const size of product.productAttr) expect(size.value).toBe(size.value.toUpperCase());
      expect(product.productAttr.find((size: { value: string }) => size.value === soldOut.size)).toMatchObject({ sold_out: true });
    });

    it('says how many are left of a size at or below the low-stock threshold, and nothing above it', async () => {
      const plenty = await sku('st.available > 5');
      const sizeOf = async (headers: Record<string, string> = {}) =>
        (await get(`productRow?slug=${plenty.slug}`, headers)).body.data.productAttr.find((s: { value: string }) => s.value === plenty.size);
      expect(await sizeOf()).toMatchObject({ sold_out: false, only_left: null });
      await server.app.get(EventStore).append(
        skuStreamId(plenty.id, plenty.size),
        'any',
        [{ type: 'StockAdjusted', data: { productId: plenty.id, size: plenty.size, delta: 3 - plenty.available, reason: 'stock count' } }],
        { correlationId: randomUUID(), causationId: null, actor: { id: 'test', role: 'admin' } },
      );
      await server.app.get(ProjectionRunner).waitUntilCaughtUp();
      // The projection's change notification reaches the answer cache a moment after its commit.
      const size = await until(() => sizeOf({ 'Cache-Control': 'max-age=0' }), (answer) => answer.only_left !== null);
      expect(size).toMatchObject({ sold_out: false, only_left: 3 });
    });

    it('answers an unknown slug with a 404 and a message', async () => {
      const { status, body } = await get('productRow?slug=no-such-product');
      expect(status).toBe(404);
      expect(body).toEqual({ success: false, code: expect.any(String), message: 'Product not found.' });
    });

    it('serves descriptions without script, even for a row written around the API', async () => {
      const { rows } = await db.query(`SELECT slug FROM products ORDER BY id DESC LIMIT 1`);
      const before = (await get(`productRow?slug=${rows[0].slug}`)).body.data.description;
      await db.query(
        `UPDATE products SET description_html = '<p onclick="steal()">Soft<script>alert(1)</script> <b>cotton</b></p>' WHERE slug = $1`,
        [rows[0].slug],
      );
      await db.query(`SELECT pg_notify('read_models', 'catalog')`);
      // Once the notification has dropped the cached answer, the row's new description is served, cleaned.
      const { body } = await until(() => get(`productRow?slug=${rows[0].slug}`), (answer) => answer.body.data.description !== before);
      expect(body.data.description).toBe('<p>Soft <b>cotton</b></p>');
    });

    it('shows a size as sold out once its stock events say so', async () => {
      const inStock = await sku('st.available > 3');
      const before = await get(`productRow?slug=${inStock.slug}`);
      expect(before.body.data.productAttr.find((size: { value: string }) => size.value === inStock.size).sold_out).toBe(false);
      const store = server.app.get(EventStore);
      await store.append(
        skuStreamId(inStock.id, inStock.size),
        'any',
        [{ type: 'StockAdjusted', data: { productId: inStock.id, size: inStock.size, delta: -inStock.available, reason: 'stock count' } }],
        { correlationId: randomUUID(), causationId: null, actor: { id: 'test', role: 'admin' } },
      );
      await server.app.get(ProjectionRunner).waitUntilCaughtUp();
      // A 304 is the answer cached before the change; the notification drops it a moment after the commit.
      const after = await until(
        () => get(`productRow?slug=${inStock.slug}`, { 'If-None-Match': before.headers.get('etag')!, 'Cache-Control': 'max-age=0' }),
        (answer) => answer.status !== 304,
      );
      expect(after.status).toBe(200);
      expect(after.body.data.productAttr.find((size: { value: string }) => size.value === inStock.size).sold_out).toBe(true);
    });
  });

  describe('relatedProducts', () => {
    it('never lists the product itself, puts the same category first and sold-out products last', async () => {
      const { rows } = await db.query(`SELECT slug, id, category_id FROM products WHERE slug = 'men-classic-pique-polo-navy'`);
      const [target] = rows;
      const { body } = await get(`relatedProducts?slug=${target.slug}`);
      const related = body.data as Card[];
      expect(related.length).toBeGreaterThan(0);
      expect(related.map((card) => card.id)).not.toContain(target.id);
      const { rows: facts } = await db.query(
        `SELECT p.id, p.category_id = $2 AS same, COALESCE((SELECT sum(available) FROM sku_stock WHERE product_id = p.id), 0) > 0 AS in_stock
           FROM products p WHERE p.id = ANY($1::int[])`,
        [related.map((card) => card.id), target.category_id],
      );
      const byId = new Map(facts.map((fact) => [fact.id, fact]));
      const order = related.map((card) => byId.get(card.id)!);
      const rank = (fact: { same: boolean; in_stock: boolean }) => (fact.in_stock ? 0 : 2) + (fact.same ? 0 : 1);
      for (let index = 1; index < order.length; index += 1) expect(rank(order[index])).toBeGreaterThanOrEqual(rank(order[index - 1]));
      expect(order[0].same).toBe(true);
    });

    it('answers an unknown slug with a 404', async () => {
      expect((await get('relatedProducts?slug=no-such-product')).status).toBe(404);
    });
  });

  describe('checkProductAttribue', () => {
    it('says yes for a quantity in stock, and is never cached', async () => {
      const inStock = await sku('st.available >= 2');
      const { status, body, headers } = await get(`checkProductAttribue?product_id=${inStock.id}&slug=${inStock.slug}&size=${inStock.size.toLowerCase()}&qty=2`);
      expect(status).toBe(200);
      expect(body).toMatchObject({ success: true, available: inStock.available });
      expect(headers.get('cache-control')).toBe('no-store');
    });

    it('answers 404 with a message naming the product and size when the quantity exceeds the stock', async () => {
      const low = await sku('st.available BETWEEN 1 AND 3');
      const { status, body } = await get(`checkProductAttribue?product_id=${low.id}&size=${low.size}&qty=${low.available + 1}`);
      expect(status).toBe(404);
      expect(body.message).toBe(`Only ${low.available} left of ${low.name} in size ${low.size}.`);
    });

    it('answers 404 for a sold-out size and for an unknown product', async () => {
      const soldOut = await sku('st.available = 0');
      const out = await get(`checkProductAttribue?product_id=${soldOut.id}&size=${soldOut.size}&qty=1`);
      expect(out.status).toBe(404);
      expect(out.body.message).toBe(`${soldOut.name} is out of stock in size ${soldOut.size}.`);
      const unknown = await get('checkProductAttribue?product_id=999999&size=M&qty=1');
      expect(unknown).toMatchObject({ status: 404, body: { message: 'Product is not available.' } });
    });

    it('answers 422 for a missing size, a size the product does not come in, and a quantity under 1', async () => {
      const inStock = await sku('st.available > 0');
      const noSize = await get(`checkProductAttribue?product_id=${inStock.id}&qty=1`);
      expect(noSize.status).toBe(422);
      expect(noSize.body.errors.size[0]).toBe('Please select a size before adding to cart.');
      expect((await get(`checkProductAttribue?product_id=${inStock.id}&size=XXXL&qty=1`)).status).toBe(422);
      const zero = await get(`checkProductAttribue?product_id=${inStock.id}&size=${inStock.size}&qty=0`);
      expect(zero.status).toBe(422);
      expect(zero.body.errors.qty[0]).toBe('The quantity must be a whole number of at least 1.');
    });
  });

  describe('getPostData', () => {
    it.each([
      [1, /about/i],
      [2, /terms/i],
      [4, /privacy/i],
      [5, /return/i],
    ])('gives info page %s with its title and HTML body', async (categoryId, title) => {
      const { status, body } = await get(`getPostData?category_id=${categoryId}`);
      expect(status).toBe(200);
      expect(body.data.name).toMatch(title);
      expect(body.data.description_full).toMatch(/<p>/);
    });

    it('answers an unknown page with a 404 and a non-number with a 422', async () => {
      expect(await get('getPostData?category_id=3')).toMatchObject({ status: 404, body: { message: 'Page not found.' } });
      expect((await get('getPostData?category_id=about')).status).toBe(422);
      expect((await get('getPostData')).status).toBe(422);
    });
  });
  describe('compressed answers', () => {
    /** The bytes as sent (fetch would decode them): a browser's request with these headers. */
    const raw = (path: string, headers: Record<string, string>) =>
      new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        httpGet(`${server.baseUrl}${path}`, { headers }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }));
        }).on('error', reject);
      });

    /** A valid query for each cached call; a call added to PRECOMPRESSED_PATHS without one here fails the suite. */
    const queries = async (): Promise<Record<string, string>> => {
      const product = await sku('st.available > 0');
      const category = (await get('parentCategory')).body.data[0].slug as string;
      return {
        '/api/public/settingRow': '',
        '/api/public/parentChildCategory': '',
        '/api/public/parentCategory': '',
        '/api/public/subCategory': '',
        '/api/public/getProducts': '',
        '/api/public/getProductsByShop': 'page=1',
        '/api/public/getProductsByShopBycategory': `categlorySlug=${category}&page=1`,
        '/api/public/shopByMainCategory': `categlorySlug=${category}&page=1`,
        '/api/public/search-products': 'q=tee',
        '/api/public/search-suggestions': 'q=pasly',
        '/api/public/areas': 'q=sa',
        '/api/public/productRow': `slug=${product.slug}`,
        '/api/public/relatedProducts': `slug=${product.slug}`,
        '/api/public/getPostData': 'category_id=1',
      };
    };

    it('sends each cached call compressed for a browser that accepts it (brotli first, else gzip), the same JSON under an ETag of its own', async () => {
      const query = await queries();
      expect(Object.keys(query).sort()).toEqual([...PRECOMPRESSED_PATHS].sort());
      let compressedCalls = 0;
      for (const path of PRECOMPRESSED_PATHS) {
        const url = `${path}?${query[path]}`;
        const plain = await raw(url, {});
        expect(plain.status).toBe(200);
        expect(plain.headers['content-encoding']).toBeUndefined();
        expect(plain.headers.vary).toMatch(/accept-encoding/i);
        JSON.parse(plain.body.toString('utf8'));
        const brotli = await raw(url, { 'Accept-Encoding': 'gzip, deflate, br, zstd' });
        const gzip = await raw(url, { 'Accept-Encoding': 'gzip, deflate' });
        if (plain.body.length < 1024) {
          // Too small to gain from it, as the compression middleware also judges.
          expect([brotli.headers['content-encoding'], gzip.headers['content-encoding']]).toEqual([undefined, undefined]);
          continue;
        }
        compressedCalls++;
        expect(brotli.headers['content-encoding']).toBe('br');
        expect(brotliDecompressSync(brotli.body).equals(plain.body)).toBe(true);
        expect(gzip.headers['content-encoding']).toBe('gzip');
        expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true);
        expect(new Set([plain.headers.etag, brotli.headers.etag, gzip.headers.etag]).size).toBe(3);
        const revalidated = await raw(url, { 'Accept-Encoding': 'gzip, deflate, br', 'If-None-Match': brotli.headers.etag!, 'Cache-Control': 'max-age=0' });
        expect(revalidated.status).toBe(304);
        expect(revalidated.body.length).toBe(0);
      }
      expect(compressedCalls).toBeGreaterThanOrEqual(6);
    });

    it('still compresses the answers that are not cached', async () => {
      const openapi = await raw('/api/openapi.json', { 'Accept-Encoding': 'gzip' });
      expect(openapi.status).toBe(200);
      expect(openapi.headers['content-encoding']).toBe('gzip');
      expect(JSON.parse(gunzipSync(openapi.body).toString('utf8'))).toHaveProperty('paths');
    });
  });
});
