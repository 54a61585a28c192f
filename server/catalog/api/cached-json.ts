import { applyDecorators, Get, SetMetadata, type Type } from '@nestjs/common';
import { PATH_METADATA } from '@nestjs/common/constants';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { Request, Response } from 'express';
import type { CachedAnswer } from '../read-cache/read-model-cache';

/**
 * How a browser may reuse an answer. Admins change prices, pictures, delivery charges and the bKash number
 * from the console and shoppers must see the change within a second (issue 13), so every catalog answer is
 * revalidated with its ETag on each use: a 304 from the in-memory answer cache costs no database read.
 */
export const CACHE_POLICY = {
  /** Settings, categories, info pages. */
  structure: 'public, max-age=0, must-revalidate',
  /** Product lists and pages: prices and sold-out sizes move. */
  products: 'public, max-age=0, must-revalidate',
} as const;

type Encoding = 'br' | 'gzip';

/** Below this compressing saves little (the compression middleware leaves answers under 1 KB alone too). */
const COMPRESS_FROM_BYTES = 1024;

/** What is worked out once per cached answer: its size, and each encoding the first time a browser asks for it. */
interface Encoded {
  bytes: number;
  br?: Buffer;
  gzip?: Buffer;
}
const encoded = new WeakMap<CachedAnswer, Encoded>();

/**
 * Sends a prepared JSON answer; express answers 304 itself when the request's ETag matches. A browser that
 * accepts brotli or gzip gets the answer compressed once per cache fill instead of once per request (the
 * compression middleware passes these calls by: `CachedGet`), under an ETag of its own, since
 * the compressed bytes are another representation of the answer.
 */
export function sendCached(response: Response, answer: CachedAnswer, cacheControl: string): void {
  response.setHeader('Cache-Control', cacheControl);
  response.setHeader('Vary', 'Accept-Encoding');
  response.type('application/json');
  const forms = formsOf(answer);
  const encoding = forms.bytes >= COMPRESS_FROM_BYTES ? acceptedEncoding(response.req) : undefined;
  if (!encoding) {
    response.setHeader('ETag', answer.etag);
    response.send(answer.body);
    return;
  }
  response.setHeader('Content-Encoding', encoding);
  response.setHeader('ETag', `${answer.etag.slice(0, -1)}-${encoding}"`);
  response.send(encode(answer.body, forms, encoding));
}

function formsOf(answer: CachedAnswer): Encoded {
  let forms = encoded.get(answer);
  if (!forms) encoded.set(answer, (forms = { bytes: Buffer.byteLength(answer.body) }));
  return forms;
}

function acceptedEncoding(request: Request): Encoding | undefined {
  if (!request.headers['accept-encoding']) return undefined;
  // Brotli whenever it is accepted at all, as the compression middleware chooses: browsers list it last.
  if (request.acceptsEncodings('br') === 'br') return 'br';
  return request.acceptsEncodings('gzip', 'identity') === 'gzip' ? 'gzip' : undefined;
}

function encode(body: string, forms: Encoded, encoding: Encoding): Buffer {
  // Brotli at the compression middleware's quality (4): a product list is refilled after every catalog change.
  forms[encoding] ??=
    encoding === 'br'
      ? brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 4, [zlib.BROTLI_PARAM_SIZE_HINT]: forms.bytes } })
      : gzipSync(body);
  return forms[encoding];
}

const SENDS_CACHED = 'catalog:sends-cached';

/**
 * A GET route whose handler answers with `sendCached`: its answers come compressed already, so the compression
 * middleware passes it by (server/app.ts, through `cachedRoutePaths`). A cached call declared with a plain
 * `@Get` is still right, only compressed by the middleware on every request.
 */
export const CachedGet = (path: string) => applyDecorators(Get(path), SetMetadata(SENDS_CACHED, true));

/** The paths (`<prefix>/<controller path>/<route path>`) of a controller's `CachedGet` routes, read from its route metadata. */
export function cachedRoutePaths(controller: Type, prefix: string): string[] {
  const base: string = Reflect.getMetadata(PATH_METADATA, controller);
  return Object.getOwnPropertyNames(controller.prototype)
    .map((name) => Object.getOwnPropertyDescriptor(controller.prototype, name)?.value as unknown)
    .filter((handler): handler is object => typeof handler === 'function' && Reflect.getMetadata(SENDS_CACHED, handler) === true)
    .map((handler) => `${prefix}/${base}/${Reflect.getMetadata(PATH_METADATA, handler) as string}`);
}
