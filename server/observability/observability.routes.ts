import { z } from 'zod';
import type { ApiRoute } from './openapi/api-route';

/** Metrics for Prometheus and this API's own description (ADR 050). */
export const OBSERVABILITY_ROUTES: ApiRoute[] = [
  {
    method: 'get', path: '/api/metrics', tag: 'Operations', summary: 'Prometheus metrics (allowed addresses, or METRICS_TOKEN as a bearer token)', access: 'monitoring', produces: 'text/plain; version=0.0.4',
    description: 'Loopback (`METRICS_ALLOW`) or `Authorization: Bearer <METRICS_TOKEN>`, else 403.',
  },
  {
    method: 'get', path: '/api/openapi.json', tag: 'Operations', summary: 'This document (OpenAPI 3.1), generated from the route catalogue', access: 'public',
    answer: z.object({ openapi: z.literal('3.1.0') }).catchall(z.unknown()).describe('The OpenAPI 3.1 document'),
  },
  { method: 'get', path: '/api/docs', tag: 'Operations', summary: 'This document, browsable (Swagger UI from the store\'s own files)', access: 'public', produces: 'text/html' },
  {
    method: 'get', path: '/api/docs/:file', tag: 'Operations', summary: 'The browsable page\'s scripts and styles', access: 'public', produces: 'text/*',
    params: { file: z.enum(['swagger-ui.css', 'swagger-ui-bundle.js', 'docs.js']) },
    example: () => ({ params: { file: 'docs.js' } }),
  },
];
