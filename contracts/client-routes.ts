/**
 * The paths the storefront and the staff console answer (spec §2, client/src/app/router.tsx), as patterns the
 * server can test. The server answers any other path with the 404 page and HTTP status 404 (issue 16), so a
 * mistyped link is "not found" to browsers, crawlers and monitors too, not a 200 that renders a 404 text.
 * `:name` is one path segment; a trailing `/*` is any rest. client/src/app/router.spec.ts keeps this list
 * and the router's routes the same.
 */
export const CLIENT_ROUTES: readonly string[] = [
  '/',
  '/shop',
  '/offer',
  '/offer/winners',
  '/categories',
  '/about',
  '/terms',
  '/privacy-policy',
  '/return-policy',
  '/contact',
  '/siteMap',
  '/order-tracking',
  '/find-account-using-phone',
  '/forget-password',
  '/forget-password-recover-email/:id',
  '/verify-email/:id',
  '/reset-password-by-phone',
  '/register',
  '/referral',
  '/login',
  '/dashboard',
  '/users/profile',
  '/users/change-password',
  '/wishlist',
  '/cart',
  '/checkout',
  '/order-confirm',
  '/order-details/:orderId',
  '/verify/:orderId/:phone',
  '/product-details/:slug',
  '/product-category/:slug',
  '/category/:slug',
  '/brand-list',
  '/add-brand',
  '/edit-brand/:id',
  '/admin/*',
];

const SEGMENT = '[^/]+';

function patternOf(route: string): RegExp {
  const rest = route.endsWith('/*');
  const base = rest ? route.slice(0, -2) : route;
  const body = base
    .split('/')
    .map((part) => (part.startsWith(':') ? SEGMENT : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  // react-router matches without regard to case, so /sitemap shows the site map too.
  return new RegExp(`^${body}${rest ? '(?:/.*)?' : ''}/?$`, 'i');
}

const PATTERNS = CLIENT_ROUTES.map(patternOf);

/** Whether the client has a page for this path (without query string); a trailing slash is forgiven. */
export function isClientRoute(path: string): boolean {
  return PATTERNS.some((pattern) => pattern.test(path));
}
