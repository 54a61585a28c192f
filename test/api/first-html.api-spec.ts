import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { ProductRowResponse } from '../../contracts/catalog';
import { ProjectionRunner } from '../../server/event-store/projection-runner';
import type { Json } from '../support/api-caller';
import { useStaffApiStore } from '../support/api-store';
import { ensureClientBuilt } from '../support/browser';

/**
 * The storefront's first HTML (issue 33): what a link preview, a search engine and a slow phone read before any
 * script runs. Rendered by the server from the catalog's answers, in the shopper's language.
 */
describe('server-rendered first HTML', () => {
  beforeAll(() => ensureClientBuilt(), 240_000);
  const store = useStaffApiStore();
  const slug = 'men-royal-bengal-tiger-tee';
  let product: ProductRowResponse;

  beforeAll(async () => {
    await store.server.app.get(ProjectionRunner).waitUntilCaughtUp();
    product = (await store.call('GET', `/api/public/productRow?slug=${slug}`)).body.data as ProductRowResponse;
  });

  const page = async (path: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`${store.server.baseUrl}${path}`, { headers });
    return { status: response.status, headers: response.headers, html: await response.text() };
  };
  const meta = (html: string, key: string) =>
    new RegExp(`<meta (?:property|name)="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)"`).exec(html)?.[1];
  const link = (html: string, rel: string, hreflang?: string) =>
    new RegExp(`<link rel="${rel}"${hreflang ? ` hreflang="${hreflang}"` : ''} href="([^"]*)"`).exec(html)?.[1];
  const jsonLd = (html: string) =>
    [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((match) => JSON.parse(match[1]!) as Json);
  const rootOf = (html: string) => /<div id="root">([\s\S]*?)<\/div>\s*<script type="application\/json" id="tb-first-page">/.exec(html)?.[1] ?? '';
  const firstPageState = (html: string) =>
    JSON.parse(/<script type="application\/json" id="tb-first-page">([\s\S]*?)<\/script>/.exec(html)![1]!) as {
      locale: string;
      texts: Record<string, string>;
      queries: { queries: Array<{ queryKey: unknown[]; state: { data: unknown } }> };
    };
  const decode = (html: string) => html.replace(/&#x27;|&#39;/g, "'").replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
  const text = (html: string) => decode(html.replace(/<[^>]*>/g, ' ')).replace(/\s+/g, ' ');
  const title = (html: string) => decode(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '');

  it.each([
    ['en', `/product-details/${slug}`, {}],
    ['bn', `/product-details/${slug}?lang=bn`, {}],
    ['bn', `/product-details/${slug}`, { cookie: 'tb-locale=bn' }],
  ] as const)('a product page in %s (%s) carries the product, its head tags and its structured data', async (locale, path, headers) => {
    const { status, html } = await page(path, headers);
    expect(status).toBe(200);
    expect(html).toContain(`<html lang="${locale}"`);
    const name = locale === 'bn' ? product.name_bn! : product.name;
    expect(name).toBeTruthy();
    // What the shopper sees before a script runs: the name, the price in their digits, the sizes, Add to cart.
    const body = text(rootOf(html));
    expect(body).toContain(locale === 'bn' ? product.name_bn! : product.fullname);
    expect(body).toContain(locale === 'bn' ? '৳ ৬৫০.০০' : '৳ 650.00');
    for (const size of product.productAttr) expect(body).toContain(size.value);
    expect(body).toContain(locale === 'bn' ? 'কার্টে যোগ করুন' : 'Add to cart');

    expect(title(html)).toBe(`${name} | Tee Bazaar`);
    expect(meta(html, 'og:title')).toBe(`${name} | Tee Bazaar`);
    expect(meta(html, 'og:type')).toBe('product');
    expect(meta(html, 'og:image')).toMatch(/^http:\/\/localhost:\d+\/uploads\/products\//);
    expect(meta(html, 'twitter:card')).toBe('summary_large_image');
    expect(meta(html, 'product:price:amount')).toBe('650.00');
    expect(meta(html, 'product:price:currency')).toBe('BDT');
    expect(meta(html, 'product:availability')).toBe('in stock');
    expect(meta(html, 'description')!.length).toBeGreaterThan(20);
    const canonical = link(html, 'canonical')!;
    expect(canonical).toMatch(new RegExp(`/product-details/${slug}${locale === 'bn' ? '\\?lang=bn' : ''}$`));
    expect(link(html, 'alternate', 'en')).toMatch(new RegExp(`/product-details/${slug}$`));
    expect(link(html, 'alternate', 'bn')).toMatch(new RegExp(`/product-details/${slug}\\?lang=bn$`));

    const [item, crumbs] = jsonLd(html);
    expect(item).toMatchObject({ '@context': 'https://schema.org', '@type': 'Product', name, sku: product.sku, brand: { '@type': 'Brand', name: 'Tee Bazaar' } });
    expect(item!.offers).toEqual(
      product.productAttr.map((size) =>
        expect.objectContaining({
          '@type': 'Offer',
          name: size.value,
          price: '650.00',
          priceCurrency: 'BDT',
          availability: size.sold_out ? 'https://schema.org/OutOfStock' : 'https://schema.org/InStock',
        }),
      ),
    );
    // The demo tee has a sold-out size and sizes in stock: both availabilities are said.
    expect(new Set(item!.offers.map((offer: { availability: string }) => offer.availability)).size).toBe(2);
    expect(crumbs).toMatchObject({ '@type': 'BreadcrumbList' });
    expect(crumbs!.itemListElement.map((crumb: { position: number; name: string }) => [crumb.position, crumb.name])).toEqual([
      [1, locale === 'bn' ? 'হোম' : 'Home'],
      [2, locale === 'bn' ? 'শপ' : 'Shop'],
      [3, product.category.name],
      [4, name],
    ]);

    // What the app hydrates with: the same product, and in Bengali the texts of the first screen.
    const state = firstPageState(html);
    expect(state.locale).toBe(locale);
    expect(state.queries.queries.find((query) => query.queryKey.join('/') === `catalog/product/${slug}`)?.state.data).toEqual(product);
    if (locale === 'bn') expect(state.texts['product.addToCart']).toBe('কার্টে যোগ করুন');
    else expect(state.texts).toEqual({});
    // Only the product page's own code is preloaded, never the home page's; its picture in the card's size.
    expect(html).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/product-details-[\w-]+\.js"/);
    expect(html).not.toMatch(/href="\/assets\/home-[\w-]+\.js"/);
  });

  it('answers an unknown product with a 404 page, and sends each page compressed once with an ETag', async () => {
    const missing = await page('/product-details/no-such-tee');
    expect(missing.status).toBe(404);
    expect(text(/<div id="root">([\s\S]*?)<\/div>\s*<script type="application\/json"/.exec(missing.html)![1]!)).toContain("The page you are looking for doesn't exist");
    expect(firstPageState(missing.html)).toEqual({ status: 404 });

    const response = await fetch(`${store.server.baseUrl}/product-details/${slug}`, { headers: { 'accept-encoding': 'br' } });
    expect(response.headers.get('content-encoding')).toBe('br');
    const etag = response.headers.get('etag')!;
    // fetch undoes the encoding itself.
    expect(await response.text()).toContain(product.name);
    const again = await fetch(`${store.server.baseUrl}/product-details/${slug}`, { headers: { 'accept-encoding': 'br', 'if-none-match': etag } });
    expect(again.status).toBe(304);
  });

  it('shows a product renamed in the console in the next first HTML', async () => {
    const admin = await store.call('GET', `/api/admin/products/${product.id}`, store.tokens.admin);
    expect((await page(`/product-details/${slug}`)).html).toContain(product.name); // rendered and kept
    const renamed = await store.call('PATCH', `/api/admin/products/${product.id}`, store.tokens.admin, { name: 'Royal Bengal Tiger Tee Reborn', version: admin.body.version });
    expect(renamed.status).toBe(200);
    const started = Date.now();
    let html = '';
    while (Date.now() - started < 10_000 && !html.includes('Royal Bengal Tiger Tee Reborn | Tee Bazaar')) {
      html = (await page(`/product-details/${slug}`)).html;
      if (!html.includes('Reborn')) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(title(html)).toBe('Royal Bengal Tiger Tee Reborn | Tee Bazaar');
    expect(jsonLd(html)[0]).toMatchObject({ name: 'Royal Bengal Tiger Tee Reborn' });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it.each(['en', 'bn'] as const)('renders the home, shop, category and info pages in %s with their data and head tags', async (locale) => {
    const query = locale === 'bn' ? '?lang=bn' : '';
    const trending = (await store.call('GET', '/api/public/getProducts')).body.data as Array<{ name: string; name_bn: string | null }>;
    const home = await page(`/${query}`);
    expect(home.status).toBe(200);
    const cardName = (card: { name: string; name_bn: string | null }) => (locale === 'bn' && card.name_bn) || card.name;
    expect(text(rootOf(home.html))).toContain(cardName(trending[0]!));
    expect(link(home.html, 'canonical')).toMatch(locale === 'bn' ? /\/\?lang=bn$/ : /\/$/);
    expect(meta(home.html, 'og:type')).toBe('website');

    for (const path of ['/shop', '/category/men-graphic-tees', '/product-category/men', '/about', '/return-policy']) {
      const { status, html } = await page(`${path}${query}`);
      expect({ path, status }).toEqual({ path, status: 200 });
      expect(html).toContain(`<html lang="${locale}"`);
      const heading = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(rootOf(html))?.[1]?.replace(/<[^>]*>/g, '').trim();
      expect(heading).toBeTruthy();
      expect(title(html)).toContain(decode(heading!));
      expect(link(html, 'alternate', 'bn')).toContain(`${path}?lang=bn`);
      expect(html).toContain('id="tb-first-page"');
    }
  });
  it('keeps a never-fetched link beside each inlined shell stylesheet, so loading the route chunk fetches no styles again', async () => {
    const built = readFileSync(join(__dirname, '../../dist/client/index.html'), 'utf8');
    const shellStyles = [...built.matchAll(/<link rel="stylesheet" crossorigin href="(\/assets\/[\w.-]+\.css)">/g)].map((match) => match[1]!);
    expect(shellStyles.length).toBeGreaterThan(0);
    for (const path of ['/', `/product-details/${slug}?lang=bn`]) {
      const { html } = await page(path);
      for (const href of shellStyles) {
        // Vite's chunk loader skips a stylesheet whose link is on the page; `disabled` keeps the browser from fetching it.
        expect({ path, href, link: html.includes(`<link rel="stylesheet" crossorigin href="${href}" disabled />`) }).toEqual({ path, href, link: true });
        expect(html).not.toMatch(new RegExp(`<link rel="stylesheet" crossorigin href="${href.replace(/[.]/g, '\\.')}">`));
      }
    }
  });

  it('sends the built scripts and styles as the build compressed them: Brotli, else gzip, else as they are; a year, immutable', async () => {
    const clientDir = join(__dirname, '../../dist/client');
    const html = (await page('/')).html;
    const script = /<script type="module" crossorigin src="(\/assets\/index-[\w-]+\.js)"/.exec(html)?.[1];
    const style = /<link rel="stylesheet" crossorigin href="(\/assets\/[\w.-]+\.css)" disabled \/>/.exec(html)?.[1];
    expect({ script, style }).toEqual({ script: expect.any(String), style: expect.any(String) });
    // Raw bytes (fetch would undo the encoding): what the phone downloads.
    const raw = (path: string, acceptEncoding?: string) =>
      new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
        const url = new URL(path, store.server.baseUrl);
        const call = httpRequest(url, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
          response.on('error', reject);
        });
        call.on('error', reject);
        call.end();
      });
    for (const [path, type] of [[script!, /^text\/javascript/], [style!, /^text\/css/]] as const) {
      const plain = readFileSync(join(clientDir, path));
      const brotli = await raw(path, 'gzip, deflate, br, zstd');
      expect({ path, status: brotli.status, encoding: brotli.headers['content-encoding'] }).toEqual({ path, status: 200, encoding: 'br' });
      expect(brotli.body.equals(readFileSync(join(clientDir, `${path}.br`)))).toBe(true);
      expect(brotliDecompressSync(brotli.body).equals(plain)).toBe(true);
      expect(brotli.body.length).toBeLessThan(plain.length);
      const gzip = await raw(path, 'gzip, deflate');
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzip.body).equals(plain)).toBe(true);
      const asIs = await raw(path);
      expect(asIs.headers['content-encoding']).toBeUndefined();
      expect(asIs.body.equals(plain)).toBe(true);
      for (const answer of [brotli, gzip, asIs]) {
        expect(answer.headers['content-type']).toMatch(type);
        expect(answer.headers['vary']).toMatch(/Accept-Encoding/i);
        expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      }
    }
    // A name the build never wrote is the store's 404, whatever encoding is accepted.
    for (const encoding of ['br', undefined]) expect((await raw('/assets/index-no-such-chunk.js', encoding)).status).toBe(404);
  });
});
