import type { NextFunction, Request, Response } from 'express';
import { routeTemplateOf } from '../logging/log-options';
import { checkoutOutcome, type StoreMetrics } from './store-metrics';

const CHECKOUT_ROUTE = '/api/public/confirm-order';

/**
 * Express middleware timing every request until its answer is sent, labelled by the route's template (never
 * the raw path: ids and phones would make a series per request). Static files and unknown paths share labels.
 */
export function httpMetrics(metrics: StoreMetrics) {
  return (request: Request, response: Response, next: NextFunction) => {
    const stop = metrics.httpRequestDuration.startTimer();
    response.once('finish', () => {
      const route = routeTemplateOf(request) ?? staticRoute(request.path);
      const status = response.statusCode;
      stop({ method: request.method, route, status: String(status) });
      if (route === CHECKOUT_ROUTE && request.method === 'POST') metrics.checkouts.inc({ outcome: checkoutOutcome(status) });
    });
    next();
  };
}

function staticRoute(path: string): string {
  if (path.startsWith('/api/')) return 'unmatched';
  if (path.startsWith('/uploads/')) return '/uploads/*';
  if (path.startsWith('/assets/')) return '/assets/*';
  return 'storefront';
}
