import type { Response } from 'express';
import type { CachedAnswer } from '../read-cache/read-model-cache';

/** How long a browser may reuse an answer before revalidating it with its ETag. */
export const CACHE_POLICY = {
  /** Settings, categories, info pages: change rarely. */
  structure: 'public, max-age=300, stale-while-revalidate=86400',
  /** Product lists and pages: prices and sold-out sizes move; revalidation is a cheap 304. */
  products: 'public, max-age=30, stale-while-revalidate=300',
} as const;

/** Sends a prepared JSON answer; express answers 304 itself when the request's ETag matches. */
export function sendCached(response: Response, answer: CachedAnswer, cacheControl: string): void {
  response.setHeader('Cache-Control', cacheControl);
  response.setHeader('ETag', answer.etag);
  response.type('application/json');
  response.send(answer.body);
}
