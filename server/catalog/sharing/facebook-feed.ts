import { htmlToPlainText } from './plain-text';
import type { StoreLinks } from './store-links';

/** A published product as the feed reads it: its sizes with the units available now. */
export interface FeedProduct {
  id: number;
  slug: string;
  sku: string;
  name: string;
  fullname: string;
  pricePaisa: number;
  oldPricePaisa: number | null;
  descriptionHtml: string;
  /** The largest picture first (zoom, 1200 px), else the card picture. */
  picture: string;
  category: string;
  sizes: Array<{ size: string; available: number }>;
}

/**
 * The columns of one item, in Meta's catalogue names (the required id, title, description, availability,
 * condition, price, link, image_link and brand; item_group_id and size make each size a variant of its
 * product; sale_price when the product has an old price; product_type its category).
 */
export const FEED_COLUMNS = [
  'id',
  'item_group_id',
  'title',
  'description',
  'availability',
  'condition',
  'price',
  'sale_price',
  'link',
  'image_link',
  'brand',
  'size',
  'product_type',
] as const;

export type FeedItem = Record<(typeof FEED_COLUMNS)[number], string>;

/** Taka with two decimals and the ISO currency, as Meta reads a price: `750.00 BDT`. */
export function feedPrice(paisa: number): string {
  return `${(paisa / 100).toFixed(2)} BDT`;
}

/**
 * One item per size of each product (Meta shows the sizes of one `item_group_id` as one product with a size
 * picker). With an old price, `price` is the old price and `sale_price` today's, as Meta shows a reduction;
 * without one, `price` is today's and `sale_price` is empty.
 */
export function feedItems(products: readonly FeedProduct[], links: StoreLinks, brand: string): FeedItem[] {
  const items: FeedItem[] = [];
  for (const product of products) {
    const description = htmlToPlainText(product.descriptionHtml) || product.fullname || product.name;
    const reduced = product.oldPricePaisa !== null && product.oldPricePaisa > product.pricePaisa;
    for (const { size, available } of product.sizes) {
      items.push({
        id: `${product.sku}-${size}`.slice(0, 100),
        item_group_id: product.sku,
        title: product.name.slice(0, 200),
        description: description.slice(0, 9999),
        availability: available > 0 ? 'in stock' : 'out of stock',
        condition: 'new',
        price: feedPrice(reduced ? product.oldPricePaisa! : product.pricePaisa),
        sale_price: reduced ? feedPrice(product.pricePaisa) : '',
        link: links.page(links.product(product.slug)),
        image_link: links.file(product.picture),
        brand,
        size,
        product_type: product.category,
      });
    }
  }
  return items;
}

/** RFC 4180 CSV with a header row, CRLF line ends; a field with a comma, a quote or a line break is quoted. */
export function feedCsv(items: readonly FeedItem[]): string {
  const field = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
  const lines = [FEED_COLUMNS.join(',')];
  for (const item of items) lines.push(FEED_COLUMNS.map((column) => field(item[column])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** Text as XML 1.0 may carry it: markup escaped, characters XML forbids (most control characters) left out. */
export function xmlText(value: string): string {
  return value
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** The RSS 2.0 form Meta accepts, each column a `g:` element (an empty sale_price is left out). */
export function feedXml(items: readonly FeedItem[], channel: { title: string; link: string; description: string }): string {
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">',
    '<channel>',
    `<title>${xmlText(channel.title)}</title>`,
    `<link>${xmlText(channel.link)}</link>`,
    `<description>${xmlText(channel.description)}</description>`,
  ];
  for (const item of items) {
    out.push('<item>');
    for (const column of FEED_COLUMNS) {
      if (item[column] !== '') out.push(`<g:${column}>${xmlText(item[column])}</g:${column}>`);
    }
    out.push('</item>');
  }
  out.push('</channel>', '</rss>');
  return `${out.join('\n')}\n`;
}
