import { hashTable } from '../../server/event-store/table-hash';
import { ProjectionRunner } from '../../server/event-store/projection-runner';
import { rebuildProjection, useStaffApiStore } from '../support/api-store';
import type { Json } from '../support/api-caller';
import { childrenNamed, childText, parseCsv, parseXml, type XmlElement } from '../support/feed-formats';

/**
 * Issue 33: what search engines and Meta read from the store (the sitemap, robots.txt, the catalogue feed in CSV
 * and XML behind FEED_TOKEN) and where orders come from (UTM parameters at checkout, counted on the dashboard
 * by source, the same after a rebuild). One store, with a public origin and a feed token.
 */
const ORIGIN = 'https://shop.example.com';
const FEED_TOKEN = 'feed-token-for-the-tests-2026';
const META_REQUIRED = ['id', 'title', 'description', 'availability', 'condition', 'price', 'link', 'image_link', 'brand'];

describe('sitemap, robots.txt, the Facebook catalogue feed and orders by source', () => {
  const store = useStaffApiStore({ env: { APP_ORIGINS: ORIGIN, FEED_TOKEN } });
  const db = () => store.fixture.dataSource;
  const fetchText = async (path: string) => {
    const response = await fetch(`${store.server.baseUrl}${path}`);
    return { status: response.status, type: response.headers.get('content-type') ?? '', text: await response.text() };
  };
  const feed = (format: 'csv' | 'xml') => fetchText(`/feeds/facebook.${format}?token=${FEED_TOKEN}`);
  /** Published products (the shop's table) with their sizes, stock, prices. */
  const published = async () =>
    (await db().query(
      `SELECT p.id, p.slug, p.sku, p.name, p.price_paisa, p.old_price_paisa,
              array_agg(z.value ORDER BY z.id) AS sizes, array_agg(COALESCE(st.available, 0) ORDER BY z.id) AS available
         FROM products p JOIN product_sizes ps ON ps.product_id = p.id JOIN sizes z ON z.id = ps.size_id
         LEFT JOIN sku_stock st ON st.product_id = p.id AND st.size = z.value
        GROUP BY p.id ORDER BY p.id`,
    )) as Array<{ id: number; slug: string; sku: string; name: string; price_paisa: number; old_price_paisa: number | null; sizes: string[]; available: number[] }>;
  let draft: Json;

  beforeAll(async () => {
    const [{ id: categoryId }] = await db().query(`SELECT id FROM categories WHERE parent_id IS NOT NULL ORDER BY id LIMIT 1`);
    const created = await store.call('POST', '/api/admin/products', store.tokens.admin, {
      name: 'Unreleased Draft Tee', category_id: categoryId, price: 700, sizes: ['M', 'L'], description: '<p>Not yet</p>',
    });
    expect(created.status).toBe(201);
    draft = created.body;
    expect(draft.status).toBe('draft');
    await store.server.app.get(ProjectionRunner).waitUntilCaughtUp();
  });

  describe('robots.txt', () => {
    it('keeps crawlers out of the console, accounts, cart and checkout, and names the sitemap at the public origin', async () => {
      const { status, type, text } = await fetchText('/robots.txt');
      expect(status).toBe(200);
      expect(type).toMatch(/^text\/plain/);
      const lines = text.split('\n');
      expect(lines[0]).toBe('User-agent: *');
      for (const path of ['/admin', '/dashboard', '/users/', '/login', '/cart', '/checkout', '/order-details/']) expect(lines).toContain(`Disallow: ${path}`);
      expect(lines).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
      // The shop itself stays open: no rule shuts the home page, a product or a category.
      expect(lines.filter((line) => /^Disallow: \/(product|category|shop|$)/.test(line))).toEqual([]);
    });

    it('answers another method on the store\'s files 404 in the error shape', async () => {
      const answer = await fetch(`${store.server.baseUrl}/robots.txt`, { method: 'POST' });
      expect(answer.status).toBe(404);
      expect(await answer.json()).toMatchObject({ success: false, code: 'not-found' });
    });
  });

  describe('sitemap.xml', () => {
    let urls: Array<{ loc: string; alternates: Record<string, string> }>;
    beforeAll(async () => {
      const { status, type, text } = await fetchText('/sitemap.xml');
      expect(status).toBe(200);
      expect(type).toMatch(/^application\/xml/);
      const root = parseXml(text);
      expect(root.name).toBe('urlset');
      expect(root.attributes.xmlns).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
      urls = childrenNamed(root, 'url').map((url) => ({
        loc: childText(url, 'loc'),
        alternates: Object.fromEntries(childrenNamed(url, 'xhtml:link').map((link) => [link.attributes.hreflang, link.attributes.href])),
      }));
    });

    it('lists every published product in English and Bengali, each naming both and the default as alternates', async () => {
      const products = await published();
      expect(products.length).toBeGreaterThan(5);
      const locs = new Set(urls.map((url) => url.loc));
      for (const product of products) {
        const english = `${ORIGIN}/product-details/${product.slug}`;
        expect([product.slug, locs.has(english), locs.has(`${english}?lang=bn`)]).toEqual([product.slug, true, true]);
        expect(urls.find((url) => url.loc === english)?.alternates).toEqual({ en: english, bn: `${english}?lang=bn`, 'x-default': english });
      }
    });

    it('lists no draft', () => {
      expect(urls.filter((url) => url.loc.includes(draft.slug))).toEqual([]);
    });

    it('lists the categories, the info pages and the home page, all absolute at the public origin', async () => {
      const categories: Array<{ slug: string; parent_id: number | null }> = await db().query('SELECT slug, parent_id FROM categories');
      const locs = urls.map((url) => url.loc);
      for (const category of categories) {
        expect(locs).toContain(`${ORIGIN}/${category.parent_id === null ? 'product-category' : 'category'}/${category.slug}`);
      }
      for (const page of ['/', '/about', '/terms', '/privacy-policy', '/return-policy']) expect(locs).toContain(`${ORIGIN}${page}`);
      expect(locs.filter((loc) => !loc.startsWith(`${ORIGIN}/`))).toEqual([]);
    });
  });

  describe('the feed behind FEED_TOKEN', () => {
    it.each(['csv', 'xml'])('answers /feeds/facebook.%s without a token 401 and with another token 403, in the error shape', async (format) => {
      const none = await fetchText(`/feeds/facebook.${format}`);
      expect(none.status).toBe(401);
      expect(JSON.parse(none.text)).toEqual({ success: false, code: 'feed-token-required', message: 'This feed needs its token: add ?token= to the address.' });
      const wrong = await fetchText(`/feeds/facebook.${format}?token=${FEED_TOKEN.slice(0, -1)}x`);
      expect(wrong.status).toBe(403);
      expect(JSON.parse(wrong.text)).toMatchObject({ success: false, code: 'feed-token-wrong' });
      expect((await feed(format as 'csv' | 'xml')).status).toBe(200);
    });
  });

  describe('the feed in Meta\'s catalogue format', () => {
    it('has one CSV row per size of every published product, with Meta\'s required columns filled', async () => {
      const { status, type, text } = await feed('csv');
      expect(status).toBe(200);
      expect(type).toMatch(/^text\/csv/);
      const { header, rows } = parseCsv(text);
      expect(header).toEqual(expect.arrayContaining([...META_REQUIRED, 'item_group_id', 'size', 'sale_price']));
      const products = await published();
      expect(rows).toHaveLength(products.reduce((sum, product) => sum + product.sizes.length, 0));
      expect(new Set(rows.map((row) => row.id)).size).toBe(rows.length);
      expect(rows.filter((row) => row.item_group_id === draft.sku || row.title === draft.name)).toEqual([]);
      const [{ name: brand }] = await db().query('SELECT name FROM settings WHERE id = 1');
      for (const row of rows) {
        for (const column of META_REQUIRED) expect([row.id, column, row[column] !== '']).toEqual([row.id, column, true]);
        expect(row.condition).toBe('new');
        expect(row.brand).toBe(brand);
        expect(row.price).toMatch(/^\d+\.\d{2} BDT$/);
        expect(row.sale_price).toMatch(/^(\d+\.\d{2} BDT)?$/);
        // Text only: no tag (a product may still say "</>" in its text, as the demo's coder tee does).
        expect(row.description).not.toMatch(/<\/?(p|br|b|strong|em|i|u|ul|ol|li|h[1-6]|div|span|a|table|tr|td)\b[^>]*>/i);
        expect(row.image_link).toMatch(new RegExp(`^${ORIGIN}/\\S+$`));
      }
      for (const product of products) {
        const sizes = rows.filter((row) => row.item_group_id === product.sku);
        expect(sizes.map((row) => row.size)).toEqual(product.sizes);
        sizes.forEach((row, index) => {
          expect(row).toMatchObject({
            title: product.name,
            link: `${ORIGIN}/product-details/${product.slug}`,
            availability: product.available[index] > 0 ? 'in stock' : 'out of stock',
            // With an old price, Meta's price is the old one and sale_price today's.
            price: `${((product.old_price_paisa ?? product.price_paisa) / 100).toFixed(2)} BDT`,
            sale_price: product.old_price_paisa ? `${(product.price_paisa / 100).toFixed(2)} BDT` : '',
          });
        });
      }
      expect(rows.some((row) => row.sale_price !== '')).toBe(true);
    });

    it('says the same in RSS XML, each item with its g: fields', async () => {
      const csv = parseCsv((await feed('csv')).text).rows;
      const { status, type, text } = await feed('xml');
      expect(status).toBe(200);
      expect(type).toMatch(/^application\/xml/);
      const root = parseXml(text);
      expect(root).toMatchObject({ name: 'rss', attributes: { version: '2.0', 'xmlns:g': 'http://base.google.com/ns/1.0' } });
      const [channel] = childrenNamed(root, 'channel');
      const items = childrenNamed(channel, 'item');
      expect(items).toHaveLength(csv.length);
      const fields = (item: XmlElement) => Object.fromEntries(item.children.map((child) => [child.name.replace(/^g:/, ''), child.text]));
      for (const [index, item] of items.entries()) {
        const expected = Object.fromEntries(Object.entries(csv[index]).filter(([, value]) => value !== ''));
        expect(fields(item)).toEqual(expected);
      }
    });

    it('shows a product renamed in the console within seconds', async () => {
      const [product] = await published();
      const renamed = `Renamed Tee ${Date.now().toString(36)}`;
      const patched = await store.call('PATCH', `/api/admin/products/${product.id}`, store.tokens.admin, { name: renamed });
      expect(patched.status).toBe(200);
      const deadline = Date.now() + 10_000;
      let titles: string[] = [];
      while (Date.now() < deadline) {
        const rows = parseCsv((await feed('csv')).text).rows.filter((row) => row.item_group_id === product.sku);
        titles = [...new Set(rows.map((row) => row.title))];
        if (titles[0] === renamed) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(titles).toEqual([renamed]);
      const xml = childrenNamed(childrenNamed(parseXml((await feed('xml')).text), 'channel')[0], 'item');
      expect(xml.filter((item) => childText(item, 'g:item_group_id') === product.sku).map((item) => childText(item, 'g:title'))).toEqual(product.sizes.map(() => renamed));
    });
  });

  describe('orders by source', () => {
    const placeOrder = async (attribution?: unknown) => {
      const [{ product_id, size }] = await db().query(
        `SELECT st.product_id, st.size FROM sku_stock st JOIN products p ON p.id = st.product_id WHERE st.available > 3 ORDER BY st.product_id, st.size LIMIT 1`,
      );
      return store.call('POST', '/api/public/confirm-order', undefined, {
        cart: [{ id: product_id, size, qty: 1 }],
        coupon: null,
        couponoffer: null,
        data: {
          name: 'Farhana Akter', email: '', phone: '01712345670', address: 'House 7, Road 3, Uttara, Dhaka', shipping_phone: '01712345670',
          devliery_charge: store.insideTaka, paymentMethod: 'cash',
        },
        ...(attribution === undefined ? {} : { attribution }),
      });
    };
    const bySource = async () => {
      const { status, body } = await store.call('GET', '/api/admin/dashboard?days=7', store.tokens.care);
      expect(status).toBe(200);
      return Object.fromEntries((body.bySource as Array<{ source: string; orders: number; revenue: number }>).map((row) => [row.source, row]));
    };
    const waitForDashboard = async (condition: (sources: Awaited<ReturnType<typeof bySource>>) => boolean) => {
      const deadline = Date.now() + 10_000;
      let sources = await bySource();
      while (!condition(sources) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        sources = await bySource();
      }
      return sources;
    };

    it('refuses an attribution that is not short texts with a 422 on attribution, and places nothing', async () => {
      const before = Number((await db().query('SELECT count(*) FROM order_details'))[0].count);
      for (const attribution of ['facebook', { utm_source: 'x'.repeat(201) }, { utm_campaign: { nested: true } }, { referrer: 'not a host/' }]) {
        const answer = await placeOrder(attribution);
        expect([attribution, answer.status, answer.body.code]).toEqual([attribution, 422, 'attribution-invalid']);
        expect(Object.keys(answer.body.fields)[0]).toMatch(/^attribution/);
      }
      expect(Number((await db().query('SELECT count(*) FROM order_details'))[0].count)).toBe(before);
    });

    it('counts an order placed with utm_source=facebook under Facebook with its total, one without under direct, and a rebuild agrees', async () => {
      const before = await bySource();
      expect(Object.keys(before)).toEqual(['facebook', 'instagram', 'search', 'direct', 'other']);
      const fromFacebook = await placeOrder({ utm_source: 'facebook', utm_medium: 'social', utm_campaign: 'eid-drop' });
      expect(fromFacebook.status).toBe(201);
      const fromInstagramAd = await placeOrder({ utm_source: 'ig', fbclid: true });
      expect(fromInstagramAd.status).toBe(201);
      const direct = await placeOrder();
      expect(direct.status).toBe(201);
      const [placed] = await db().query('SELECT data FROM events WHERE stream_id = $1 AND type = $2', [`order-${fromFacebook.body.order_id}`, 'OrderPlaced']);
      expect(placed.data.attribution).toEqual({ source: 'facebook', utmSource: 'facebook', utmMedium: 'social', utmCampaign: 'eid-drop' });
      const [{ grand_total_paisa }] = await db().query('SELECT grand_total_paisa FROM order_details WHERE order_id = $1', [fromFacebook.body.order_id]);

      const after = await waitForDashboard((sources) => sources.facebook.orders > before.facebook.orders && sources.direct.orders > before.direct.orders && sources.instagram.orders > before.instagram.orders);
      expect(after.facebook).toEqual({ source: 'facebook', orders: before.facebook.orders + 1, revenue: before.facebook.revenue + grand_total_paisa / 100 });
      expect(after.instagram.orders).toBe(before.instagram.orders + 1);
      expect(after.direct.orders).toBe(before.direct.orders + 1);
      expect(after.search).toEqual(before.search);

      await store.server.app.get(ProjectionRunner).waitUntilCaughtUp();
      const live = await hashTable(db().manager, 'order_sources');
      expect((await rebuildProjection(store, 'order-sources'))?.state).toBe('done');
      expect(await hashTable(db().manager, 'order_sources')).toBe(live);
      expect(await bySource()).toEqual(after);
    });
  });
});
