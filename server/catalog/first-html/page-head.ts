import type { ProductRowResponse, SettingResponse } from '../../../contracts/catalog';

/**
 * The head of a server-rendered storefront page (issue 33): what link previews (Facebook, Instagram,
 * WhatsApp, Twitter/X) and search engines read. Built from the same answers the page is rendered from, so
 * it moves with the catalog read model.
 */
export type PageLocale = 'en' | 'bn';

export interface PageHeadInput {
  /** The store's public origin (APP_ORIGINS' first), without a trailing slash. */
  origin: string;
  /** The page's path with its own query (`?page=2`), without `lang`. */
  path: string;
  locale: PageLocale;
  setting: SettingResponse | null;
  /** The product of a product page. */
  product?: ProductRowResponse | null;
  /** The page's own heading, as rendered (other pages). */
  heading?: string | null;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

/** JSON inside a `<script>`: no `</script>` or `<!--` can end or comment it, whatever the data says. */
export const scriptJson = (value: unknown) =>
  JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

/** Plain text of a description (HTML stripped, entities of the sanitizer read back, spaces folded). */
export function plainText(html: string, max = 200): string {
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

/** The address of a page in a language: English has none, Bengali `lang=bn` (which the storefront reads). */
export function pageUrl(origin: string, path: string, locale: PageLocale): string {
  if (locale === 'en') return `${origin}${path}`;
  return `${origin}${path}${path.includes('?') ? '&' : '?'}lang=bn`;
}

const absolute = (origin: string, url: string) => (/^https?:\/\//.test(url) ? url : `${origin}${url.startsWith('/') ? '' : '/'}${url}`);

const SCHEMA_AVAILABILITY = { in: 'https://schema.org/InStock', out: 'https://schema.org/OutOfStock' } as const;

export interface PageHead {
  title: string;
  /** The tags after `<title>`: description, canonical, alternates, Open Graph, Twitter card, JSON-LD. */
  tags: string;
}

export function pageHead(input: PageHeadInput): PageHead {
  const { origin, path, locale, setting, product } = input;
  const store = setting?.name || 'T-shirt store';
  const canonical = pageUrl(origin, path, locale);
  const meta: Array<[string, string, string]> = [];
  const ld: unknown[] = [];
  let title: string;
  let description: string;
  let image: string | null = null;
  if (product) {
    const name = (locale === 'bn' && product.name_bn) || product.name;
    const text = (locale === 'bn' && product.description_bn) || product.description;
    title = `${name} | ${store}`;
    description = plainText(text || '', 200) || name;
    image = absolute(origin, product.previewImages[0]?.img ?? product.thumbnail);
    const inStock = product.productAttr.some((size) => !size.sold_out);
    const price = Number(product.price).toFixed(2);
    meta.push(
      ['property', 'og:type', 'product'],
      ['property', 'product:price:amount', price],
      ['property', 'product:price:currency', 'BDT'],
      ['property', 'og:price:amount', price],
      ['property', 'og:price:currency', 'BDT'],
      ['property', 'product:availability', inStock ? 'in stock' : 'out of stock'],
      ['property', 'og:availability', inStock ? 'instock' : 'oos'],
      ['property', 'product:retailer_item_id', product.sku],
      ['property', 'product:brand', store],
      ['property', 'product:condition', 'new'],
    );
    const productUrl = canonical;
    const offers = product.productAttr.map((size) => ({
      '@type': 'Offer',
      sku: `${product.sku}-${size.value}`,
      name: size.value,
      price,
      priceCurrency: 'BDT',
      availability: size.sold_out ? SCHEMA_AVAILABILITY.out : SCHEMA_AVAILABILITY.in,
      itemCondition: 'https://schema.org/NewCondition',
      url: productUrl,
    }));
    ld.push({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name,
      sku: product.sku,
      description,
      image: [image, ...product.previewImages.slice(1).map((picture) => absolute(origin, picture.img))],
      brand: { '@type': 'Brand', name: store },
      ...(product.category ? { category: product.category.name } : {}),
      url: productUrl,
      offers: offers.length > 0
        ? offers
        : [{ '@type': 'Offer', price, priceCurrency: 'BDT', availability: SCHEMA_AVAILABILITY.out, url: productUrl }],
    });
    const crumbs = [
      { name: locale === 'bn' ? 'হোম' : 'Home', url: pageUrl(origin, '/', locale) },
      { name: locale === 'bn' ? 'শপ' : 'Shop', url: pageUrl(origin, '/shop', locale) },
      ...(product.category ? [{ name: product.category.name, url: pageUrl(origin, `/category/${product.category.slug}`, locale) }] : []),
      { name, url: productUrl },
    ];
    ld.push({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: crumbs.map((crumb, index) => ({ '@type': 'ListItem', position: index + 1, name: crumb.name, item: crumb.url })),
    });
  } else {
    const heading = input.heading?.trim();
    title = heading && heading !== store ? `${heading} | ${store}` : store;
    description = plainText(setting?.description ?? '', 200) || store;
    meta.push(['property', 'og:type', 'website']);
  }
  meta.push(
    ['name', 'description', description],
    ['property', 'og:site_name', store],
    ['property', 'og:title', title],
    ['property', 'og:description', description],
    ['property', 'og:url', canonical],
    ['property', 'og:locale', locale === 'bn' ? 'bn_BD' : 'en_US'],
    ['property', 'og:locale:alternate', locale === 'bn' ? 'en_US' : 'bn_BD'],
    ['name', 'twitter:card', image ? 'summary_large_image' : 'summary'],
    ['name', 'twitter:title', title],
    ['name', 'twitter:description', description],
  );
  if (image) meta.push(['property', 'og:image', image], ['name', 'twitter:image', image]);
  const tags = [
    ...meta.map(([kind, key, value]) => `<meta ${kind}="${key}" content="${escapeHtml(value)}" />`),
    `<link rel="canonical" href="${escapeHtml(canonical)}" />`,
    `<link rel="alternate" hreflang="en" href="${escapeHtml(pageUrl(origin, path, 'en'))}" />`,
    `<link rel="alternate" hreflang="bn" href="${escapeHtml(pageUrl(origin, path, 'bn'))}" />`,
    `<link rel="alternate" hreflang="x-default" href="${escapeHtml(pageUrl(origin, path, 'en'))}" />`,
    ...ld.map((data) => `<script type="application/ld+json">${scriptJson(data)}</script>`),
  ];
  return { title, tags: tags.join('\n    ') };
}
