import type { Response } from 'express';
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

/** Sends a prepared JSON answer; express answers 304 itself when the request's ETag matches. */
export function sendCached(response: Response, answer: CachedAnswer, cacheControl: string): void {
  response.setHeader('Cache-Control', cacheControl);
  response.setHeader('ETag', answer.etag);
  response.type('application/json');
  response.send(answer.body);
}
