import { z } from 'zod';
import type { ApiRoute } from '../observability/openapi/api-route';

const check = z.object({ status: z.enum(['up', 'down']), latencyMs: z.number().optional() });
const queueMode = z.enum(['redis', 'in-process']);

const healthAnswer = z.object({
  status: z.enum(['ok', 'degraded']),
  database: check.extend({ embedded: z.boolean() }),
  queue: check.extend({ mode: queueMode }),
});

const liveAnswer = z.object({ status: z.literal('live'), uptimeSeconds: z.number().int() });

const readyAnswer = z.object({
  status: z.enum(['ready', 'degraded', 'draining', 'unavailable']).describe('ready and degraded (Redis down) are 200; draining and unavailable 503'),
  database: z.object({ status: z.enum(['up', 'down']), migrations: z.enum(['done', 'pending', 'unknown']) }),
  queue: z.object({ status: z.enum(['up', 'down']), mode: queueMode }),
});

/** Liveness and readiness for load balancers and people (ADR 050). */
export const HEALTH_ROUTES: ApiRoute[] = [
  {
    method: 'get', path: '/api/health', tag: 'Operations', summary: 'Database and queue: 200 when both are up, else 503', access: 'public', answer: healthAnswer,
    description: 'The same body with 503 when either is down: a balancer should check `/api/health/ready` instead.',
  },
  { method: 'get', path: '/api/health/live', tag: 'Operations', summary: 'Liveness: 200 whenever the process answers', access: 'public', answer: liveAnswer },
  {
    method: 'get', path: '/api/health/ready', tag: 'Operations', summary: 'Readiness: 200 when the database is reachable and migrated (Redis down: "degraded", still 200); 503 otherwise or while shutting down', access: 'public', answer: readyAnswer,
  },
];
