import { ACCOUNTS_ROUTES } from '../../accounts/api/routes';
import { CATALOG_ROUTES } from '../../catalog/api/routes';
import { HEALTH_ROUTES } from '../../health/health.routes';
import { FULFILMENT_ROUTES } from '../../fulfilment/api/routes';
import { INVENTORY_ROUTES } from '../../inventory/api/routes';
import { OPERATIONS_ROUTES } from '../../operations/api/routes';
import { ORDERING_ROUTES } from '../../ordering/api/routes';
import { PRIVACY_ROUTES } from '../../privacy/api/routes';
import { PROMOTIONS_ROUTES } from '../../promotions/api/routes';
import { PAYMENTS_ROUTES } from '../../payments/api/routes';
import { RETURNS_ROUTES } from '../../returns/api/routes';
import { OBSERVABILITY_ROUTES } from '../observability.routes';
import { ROUTE_TAGS, routeKey, type ApiRoute, type RouteTag } from './api-route';

/**
 * Every route under /api, declared once by the context that serves it and gathered here (ADR 055). The
 * OpenAPI document (/api/openapi.json), the reference part of docs/api.md (`npm run docs:api`) and the route
 * fuzzer (test/security) are built from a catalogue; a route the app serves without a declaration fails
 * test/api/openapi.api-spec.ts and the fuzzer.
 */
export class RouteCatalogue {
  private readonly byKey = new Map<string, ApiRoute>();

  constructor(routes: Iterable<ApiRoute> = []) {
    for (const route of routes) this.add(route);
  }

  /** Adds a route; refuses one declared twice, outside /api, or taking input without an example. */
  add(route: ApiRoute): this {
    const key = routeKey(route);
    if (this.byKey.has(key)) throw new Error(`${key} is declared twice in the route catalogue`);
    if (!route.path.startsWith('/api/')) throw new Error(`${key}: the catalogue holds routes under /api only`);
    if (!ROUTE_TAGS.includes(route.tag)) throw new Error(`${key}: unknown tag ${route.tag}`);
    if ((route.body || route.query || route.params || route.upload) && !route.example) throw new Error(`${key} takes input but has no example`);
    this.byKey.set(key, route);
    return this;
  }

  get routes(): readonly ApiRoute[] {
    return [...this.byKey.values()];
  }

  /** By `METHOD /api/path` as the router names it. */
  find(key: string): ApiRoute | undefined {
    return this.byKey.get(key);
  }
}

/** What each group of routes shares, said once: the document's tag descriptions and docs/api.md's sections. */
export const TAG_DESCRIPTIONS: Record<RouteTag, string> = {
  Catalog:
    'The shop\'s public calls, paths and parameter names as the specification\'s client sends them. Catalog answers carry a strong `ETag` and `Cache-Control`; `If-None-Match` gives 304.',
  Orders:
    'Checkout, tracking and coupon checks. Tracking calls limit wrong guesses per order id and phone at one address and per address (429), and slow every lookup of an order id or phone that strangers guessed at too often (ADR 024); a right answer is never refused for others\' guesses.',
  'Lucky draw': 'The lucky-draw offer as anyone may check it, and the draw in the staff console (ADR 051, [lucky-draw.md](lucky-draw.md)).',
  Accounts:
    'Registration, recovery and phone codes are rate limited (ADR 023, 026); login and tracking limit wrong guesses without locking the owner out (ADR 024). A change that lost a race answers 409 "This was changed at the same time by another request. Please try again."',
  'Staff: orders': 'Customer care\'s order work in the console (`/admin`): care and admin unless said.',
  'Staff: stock, coupons, brands': 'Stock, coupons and the specification\'s brand screens.',
  'Staff: products, categories, settings, pages, staff': 'The store administration (issue 13): the catalog as events. Care reads, admins change; a change may carry the `version` it was read at (body or `If-Match`) and is a 409 when someone changed it meanwhile.',
  Operations: 'Health, metrics, this document, and the operator\'s event browser, projections and queues.',
};

export const ROUTE_CATALOGUE = new RouteCatalogue([
  ...HEALTH_ROUTES,
  ...OBSERVABILITY_ROUTES,
  ...CATALOG_ROUTES,
  ...ACCOUNTS_ROUTES,
  ...ORDERING_ROUTES,
  ...PAYMENTS_ROUTES,
  ...FULFILMENT_ROUTES,
  ...RETURNS_ROUTES,
  ...PRIVACY_ROUTES,
  ...PROMOTIONS_ROUTES,
  ...OPERATIONS_ROUTES,
  ...INVENTORY_ROUTES,
]);
