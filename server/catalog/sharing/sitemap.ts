import { xmlText } from './facebook-feed';
import type { StoreLinks } from './store-links';

/** A page of the sitemap: its path on the storefront and, when known, when it last changed. */
export interface SitemapPage {
  path: string;
  lastModified?: string;
}

/**
 * The sitemap (sitemaps.org 0.9): each page twice, in English (its address) and in Bengali (`?lang=bn`), each
 * entry naming both languages and the default as alternates (`xhtml:link rel="alternate" hreflang`), which
 * is how search engines learn that the two are one page in two languages.
 */
export function sitemapXml(pages: readonly SitemapPage[], links: StoreLinks): string {
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
  ];
  for (const page of pages) {
    const english = links.page(page.path);
    const bengali = links.bengali(page.path);
    const alternates = [
      `<xhtml:link rel="alternate" hreflang="en" href="${xmlText(english)}"/>`,
      `<xhtml:link rel="alternate" hreflang="bn" href="${xmlText(bengali)}"/>`,
      `<xhtml:link rel="alternate" hreflang="x-default" href="${xmlText(english)}"/>`,
    ].join('');
    const lastmod = page.lastModified ? `<lastmod>${xmlText(page.lastModified)}</lastmod>` : '';
    for (const address of [english, bengali]) out.push(`<url><loc>${xmlText(address)}</loc>${lastmod}${alternates}</url>`);
  }
  out.push('</urlset>');
  return `${out.join('\n')}\n`;
}

/**
 * What crawlers may read: the shop, never the staff console, a shopper's account, cart, checkout or order
 * pages (nothing there for a search result, and a cart or an order is one person's). The API stays open
 * except the console's, so a crawler that runs the storefront's script still gets its data.
 */
export const ROBOTS_DISALLOWED = [
  '/admin',
  '/api/admin/',
  '/dashboard',
  '/users/',
  '/login',
  '/register',
  '/forget-password',
  '/forget-password-recover-email/',
  '/verify-email/',
  '/reset-password-by-phone',
  '/find-account-using-phone',
  '/cart',
  '/checkout',
  '/order-confirm',
  '/order-details/',
  '/order-tracking',
  '/verify/',
  '/wishlist',
] as const;

export function robotsTxt(links: StoreLinks): string {
  return ['User-agent: *', ...ROBOTS_DISALLOWED.map((path) => `Disallow: ${path}`), 'Allow: /', '', `Sitemap: ${links.page('/sitemap.xml')}`, ''].join('\n');
}
