import type { INestApplication } from '@nestjs/common';
import { createHmac } from 'node:crypto';
import { Agent, IncomingHttpHeaders, request } from 'node:http';

/**
 * Shared pieces of the security suites: a raw HTTP client (node:http, so paths such as `../` and `%00` and
 * bodies on GET reach the server exactly as written, which `fetch` would normalise or refuse), the routes of
 * a running app read from its Express router, the checks every answer must pass, and hand-made JWTs.
 */

/** What test/support/test-server.ts sets as JWT_SECRET for every in-process test server. */
export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

export interface RawRequest {
  method: string;
  /** Sent as written: not normalised, not encoded. */
  path: string;
  /** An empty value leaves that header out (content-type: '' sends a body without a content type). */
  headers?: Record<string, string>;
  /** A string or bytes is sent as is; anything else as JSON. */
  body?: unknown;
  token?: string;
  /** How long the socket may stay silent before the call fails as "timed out"; 30 s unless said. */
  timeoutMs?: number;
}

export interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  /** The parsed body when it is JSON, else undefined. */
  json: Json;
}

const agent = new Agent({ keepAlive: true, maxSockets: 16 });

export function rawRequest(baseUrl: string, call: RawRequest): Promise<RawAnswer> {
  const url = new URL(baseUrl);
  const headers: Record<string, string | number> = { ...call.headers };
  let payload: Buffer | undefined;
  if (call.body !== undefined) {
    payload = Buffer.isBuffer(call.body)
      ? call.body
      : Buffer.from(typeof call.body === 'string' ? call.body : JSON.stringify(call.body), 'utf8');
    if (!Object.keys(headers).some((name) => name.toLowerCase() === 'content-type')) headers['content-type'] = 'application/json';
    headers['content-length'] = payload.length;
  }
  // An empty value leaves the header out (a body without a content type).
  for (const [name, value] of Object.entries(headers)) if (value === '') delete headers[name];
  if (call.token !== undefined) headers.authorization = `Bearer ${call.token}`;
  return send(url, call, headers, payload, true);
}

function send(url: URL, call: RawRequest, headers: Record<string, string | number>, payload: Buffer | undefined, firstTry: boolean): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      { host: url.hostname, port: url.port, method: call.method, path: call.path, headers, agent },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json: Json;
          if (/json/.test(response.headers['content-type'] ?? '')) {
            try {
              json = JSON.parse(text);
            } catch {
              json = undefined;
            }
          }
          resolve({ status: response.statusCode ?? 0, headers: response.headers, text, json });
        });
      },
    );
    outgoing.setTimeout(call.timeoutMs ?? 30_000, () => outgoing.destroy(new Error(`${call.method} ${call.path.slice(0, 200)} timed out`)));
    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      // A kept-alive socket the server closed as this request went out (its keep-alive timeout): the request
      // never reached it, so it is sent once more on a new connection, as Node's documentation advises.
      if (firstTry && outgoing.reusedSocket && error.code === 'ECONNRESET') resolve(send(url, call, headers, payload, false));
      else reject(error);
    });
    if (payload) outgoing.write(payload);
    outgoing.end();
  });
}

/** Frees the keep-alive sockets so jest can exit. */
export function closeConnections(): void {
  agent.destroy();
}

/**
 * Every route the running app serves, as `METHOD path` (`GET /api/brands/brandrow/:id`), read from the
 * Express 5 router: Nest registers each handler as a layer with a `route`.
 */
export function discoverRoutes(app: INestApplication): string[] {
  const express = app.getHttpAdapter().getInstance() as {
    router: { stack: Array<{ route?: { path: string; methods: Record<string, boolean> } }> };
  };
  const routes = new Set<string>();
  for (const layer of express.router.stack) {
    if (!layer.route) continue;
    for (const [method, enabled] of Object.entries(layer.route.methods)) {
      if (enabled && method !== '_all') routes.add(`${method.toUpperCase()} ${layer.route.path}`);
    }
  }
  return [...routes].sort();
}

/** Fills `:name` and `{*name}` of a route pattern with values that are already in URL form. */
export function fillPath(pattern: string, params: Record<string, string>): string {
  const path = pattern
    .replace(/\{\*(\w+)\}/g, (_, name: string) => paramValue(params, name))
    .replace(/:(\w+)/g, (_, name: string) => paramValue(params, name));
  return path.startsWith('/') ? path : `/${path}`;
}

function paramValue(params: Record<string, string>, name: string): string {
  if (!(name in params)) throw new Error(`no value for path parameter ${name}`);
  return params[name];
}

/** Text that must never reach a client: stack traces, SQL errors, file paths of the server. */
const LEAKS: Array<[string, RegExp]> = [
  // `at fn (file:line:col)`; not a sentence such as "at most two decimals (paisa)".
  ['a stack line', /\bat [\w$.<>[\] ]+ \([^()]*:\d+:\d+\)|\n\s+at \S/],
  ['a file path of the server', /\/server\/|node_modules|\/work\/|\.ts:\d+/],
  ['an SQL error', /QueryFailedError|syntax error at|relation "|violates \w+ constraint|invalid input syntax|duplicate key value/i],
  ['an internal error name', /\b(TypeError|ReferenceError|RangeError|SyntaxError|EntityNotFound|ZodError)\b/],
];

/**
 * What an error answer (4xx, 5xx) must not name besides: the event store's streams and versions, ids of
 * rows and events (UUIDs) and SQL. Stream ids are `order-<ID>`, `sku-<product>-<size>`, `coupon-<CODE>`,
 * `draw-<offer>` and `user-<uuid>` (a projection's name such as `order-timeline` is not one).
 * An error answer names no UUID at all, the caller's own included: the ids a caller owns are order ids
 * (eight letters, not UUIDs) and its user id, which only successful answers carry (register, login,
 * checkCurrentUser); the events browser's stream pages are successful answers too.
 */
const ERROR_LEAKS: Array<[string, RegExp]> = [
  ['a stream name', /\border-[A-Z0-9]{6,}|\bsku-\d|\bcoupon-[A-Z0-9]|\bdraw-\w|\buser-[0-9a-f]{8}/],
  ['a stream version', /\bversion \d+|\bexpected (version )?\d+|\bexpected (no-stream|any)\b/i],
  ['a UUID', /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/i],
  ['SQL', /\b(INSERT INTO|DELETE FROM|SELECT\b[^"]*\bFROM|UPDATE \w+ SET|ON CONFLICT|constraint "|SQLSTATE|pg_advisory|unique_violation|could not serialize|deadlock detected)/i],
];

/**
 * What is wrong with an answer: a 5xx, an error that is not `{ success: false, message }` JSON, a stack or
 * other internals in the body. An empty list means the answer is acceptable.
 */
export function problemsOf(answer: RawAnswer, options: { errorMustBeJson?: boolean } = {}): string[] {
  const problems: string[] = [];
  if (answer.status >= 500) problems.push(`status ${answer.status}`);
  if (answer.status >= 400 && options.errorMustBeJson !== false) {
    if (!/application\/json/.test(answer.headers['content-type'] ?? '')) problems.push(`error answered as ${answer.headers['content-type'] ?? 'no content type'}`);
    else if (answer.json?.success !== false || typeof answer.json?.message !== 'string') problems.push('error body is not { success: false, message }');
    else if (answer.json.errors !== undefined && !isFieldErrors(answer.json.errors)) problems.push('errors is not messages by field');
  }
  if (answer.json !== undefined && hasKey(answer.json, 'stack')) problems.push('a stack property');
  for (const [what, pattern] of LEAKS) if (pattern.test(answer.text)) problems.push(`${what}: ${answer.text.match(pattern)?.[0]}`);
  if (answer.status >= 400) for (const [what, pattern] of ERROR_LEAKS) if (pattern.test(answer.text)) problems.push(`${what} in an error: ${answer.text.match(pattern)?.[0]}`);
  if (answer.headers['x-powered-by'] !== undefined) problems.push('x-powered-by header');
  return problems;
}

function isFieldErrors(errors: unknown): boolean {
  return (
    typeof errors === 'object' &&
    errors !== null &&
    !Array.isArray(errors) &&
    Object.values(errors).every((messages) => Array.isArray(messages) && messages.every((message) => typeof message === 'string'))
  );
}

/** Iterative, so a deeply nested answer cannot blow the test's own stack. */
function hasKey(value: unknown, key: string): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next !== 'object' || next === null) continue;
    if (!Array.isArray(next) && Object.prototype.hasOwnProperty.call(next, key)) return true;
    pending.push(...Object.values(next));
  }
  return false;
}

/** Runs `work` over `items`, at most `concurrency` at a time. */
export async function inPool<T>(items: readonly T[], concurrency: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const workers = Array.from({ length: Math.min(concurrency, items.length) }, async () => {
    while (next < items.length) await work(items[next++]);
  });
  await Promise.all(workers);
}

const base64url = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

/** A JWT made by hand: HS256 with the given secret, or unsigned when the header says `alg: none`. */
export function craftJwt(payload: Record<string, unknown>, secret: string, header: Record<string, unknown> = { alg: 'HS256', typ: 'JWT' }): string {
  const unsigned = `${base64url(header)}.${base64url(payload)}`;
  if (header.alg === 'none') return `${unsigned}.`;
  const algorithm = { HS256: 'sha256', HS384: 'sha384', HS512: 'sha512' }[String(header.alg)] ?? 'sha256';
  return `${unsigned}.${createHmac(algorithm, secret).update(unsigned).digest('base64url')}`;
}

export function jwtClaims(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));
}

/** A fresh client address per call from 198.18.0.0/15 (benchmarking range), trusted because we call from loopback. */
export function addressSource(seed: number) {
  let counter = seed * 65_536;
  return () => {
    counter += 1;
    return `198.${18 + ((counter >> 16) & 1)}.${(counter >> 8) & 255}.${counter & 255}`;
  };
}
