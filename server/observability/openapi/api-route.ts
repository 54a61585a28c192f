import type { z } from 'zod';

/**
 * How a route under /api is declared, once, in the context that serves it (`<context>/api/routes.ts`). The
 * route catalogue (route-catalogue.ts) gathers the declarations; the OpenAPI document, the reference in
 * docs/api.md and the route fuzzer are built from it (ADR 055).
 *
 * - `path` is the Express pattern as the controller declares it (`/api/admin/orders/:orderId`).
 * - `query` / `body` / `params`: the very schemas the controller parses with; where a route checks its input
 *   by looking it up (tracking answers "not found" for any bad id or phone), they only describe it.
 * - `answer`: the zod schema of a success's JSON body, mirroring its type in contracts/ (`answerOf`).
 * - `example`: one request the server accepts, written against `RouteSamples` so that the same declaration
 *   gives the document its fixed example and a test a request that works on a seeded store.
 */
export type Access = 'public' | 'optional-customer' | 'customer' | 'care' | 'admin' | 'monitoring';

export const ROUTE_TAGS = [
  'Catalog',
  'Orders',
  'Lucky draw',
  'Accounts',
  'Staff: orders',
  'Staff: stock, coupons, brands',
  'Staff: products, categories, settings, pages, staff',
  'Operations',
] as const;
export type RouteTag = (typeof ROUTE_TAGS)[number];

export type HttpMethod = 'get' | 'post' | 'put' | 'patch';

/**
 * What an example may name from the store it runs against. The document fills it with fixed values
 * (DOCUMENT_SAMPLES); a test fills it from a seeded store, and each of the `fresh` functions then gives a new
 * value per call (so per-account and per-phone limits never mask what a request tests).
 */
export interface RouteSamples {
  /** A published product with stock, and one of its sizes. */
  product: { id: number; slug: string; size: string };
  /** A sub-category (id, slug) and a top-level category (slug). */
  category: { id: number; slug: string; parentSlug: string };
  /** A draft product made for the caller: changing it touches nothing a shopper sees. */
  draftProductId: number;
  /** A placed order and the phone it was placed with. */
  order: { id: string; phone: string };
  brandId: number;
  couponCode: string;
  offerId: string;
  /** The store's delivery charge inside Dhaka, in Taka. */
  deliveryCharge: number;
  /** An e-mail address for `name`: `name@example.com` in the document, a new one per call otherwise. */
  email(name: string): string;
  /** A mobile number: `01711111111` in the document, a new one per call otherwise. */
  phone(): string;
  /** `text` in the document; otherwise `text` with 8 new hex digits (upper-case when `text` is). */
  fresh(text: string): string;
}

export interface RouteExample {
  query?: Record<string, string>;
  body?: unknown;
  params?: Record<string, string>;
  headers?: Record<string, string>;
}

interface RouteBase {
  method: HttpMethod;
  path: string;
  tag: RouteTag;
  summary: string;
  /** What else a client must know: other answers, limits, errors worth naming. Shown in the document and docs/api.md. */
  description?: string;
  access: Access;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The body may also come as multipart/form-data (the storefront's account forms). */
  form?: boolean;
  /** A multipart/form-data upload of one file in this field (product pictures). */
  upload?: { field: string; description: string };
  params?: Record<string, z.ZodType>;
  headers?: Record<string, { schema: z.ZodType; description: string }>;
  rateLimited?: boolean;
  /** A success answers a new token and the caller's old one stops working (a password change). */
  endsSession?: boolean;
  /**
   * A request that passes validation hashes or checks a password (scrypt, about 128 MiB and a core for a
   * moment): a client should not send many at once, and the fuzzer sends two at a time.
   */
  passwordHash?: boolean;
  /** Status of a success; 200 unless said. */
  success?: number;
  example?: (samples: RouteSamples) => RouteExample;
}

/** A JSON answer has a schema; a page, a file or metrics text names its content type instead. */
export type ApiRoute = RouteBase & ({ answer: z.ZodType; produces?: undefined } | { produces: string; answer?: undefined });

/** `GET /api/admin/orders/:orderId`: how suites and messages name a route. */
export const routeKey = (route: Pick<ApiRoute, 'method' | 'path'>): string => `${route.method.toUpperCase()} ${route.path}`;

type Exactly<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/**
 * The schema of an answer whose type lives in contracts/: `answerOf<OrderRowResponse>()(z.object({...}))`
 * compiles only when the schema's output is exactly that type, so the schema cannot drift from the contract
 * without the build saying so (and test/api/openapi.api-spec.ts checks real answers against the schema).
 */
export function answerOf<T>() {
  return <S extends z.ZodType>(schema: S & (Exactly<z.output<S>, T> extends true ? unknown : { 'the schema does not match the contract type': T })): S => schema;
}
