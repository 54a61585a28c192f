/**
 * The store's public addresses as crawlers and Meta should see them (issue 33): absolute, under the first
 * origin of APP_ORIGINS (the one SMS and mail links lead to), never the request's Host, which a client
 * chooses and which would end up in a cached sitemap or feed. English is the address itself (the language a
 * first visit starts in); Bengali is the same address with `?lang=bn`, which the client reads
 * (client/src/lib/i18n/locale.ts).
 */
export class StoreLinks {
  readonly origin: string;

  constructor(origin: string) {
    this.origin = origin.replace(/\/+$/, '');
  }

  /** `/product-details/x` → `https://shop.example.com/product-details/x` (the home page keeps its slash). */
  page(path: string): string {
    return `${this.origin}${path}`;
  }

  /** The Bengali address of a page. */
  bengali(path: string): string {
    return `${this.origin}${path}${path.includes('?') ? '&' : '?'}lang=bn`;
  }

  /** A picture's address: an uploaded file's path made absolute; an absolute address kept as it is. */
  file(path: string): string {
    if (/^https?:\/\//i.test(path)) return path;
    return `${this.origin}${path.startsWith('/') ? '' : '/'}${path}`;
  }

  product(slug: string): string {
    return `/product-details/${encodeURIComponent(slug)}`;
  }

  /** Parents open as /product-category/{slug}, children as /category/{slug} (the storefront's router). */
  category(slug: string, isParent: boolean): string {
    return `${isParent ? '/product-category' : '/category'}/${encodeURIComponent(slug)}`;
  }
}

/** The info pages by the specification's page keys (posts.category_id), at the storefront's paths. */
export const INFO_PAGE_PATHS: Readonly<Record<number, string>> = { 1: '/about', 2: '/terms', 4: '/privacy-policy', 5: '/return-policy' };

/** Pages every store has, whatever its catalog: home, shop, the category list, contact. */
export const FIXED_PAGE_PATHS = ['/', '/shop', '/categories', '/contact'] as const;
