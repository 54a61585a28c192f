import type { INestApplicationContext } from '@nestjs/common';
import { createServer, type Server } from 'node:http';
import { DataSource } from 'typeorm';
import { MetricsCollector } from './metrics/metrics-collector';
import { StoreMetrics } from './metrics/store-metrics';

/**
 * The worker's own small HTTP endpoint (issue 28): it has no API, so a supervisor and Prometheus need another
 * way in. `GET /health/live` (200 while the process answers), `GET /health/ready` (200 when the database
 * answers, else 503), `GET /metrics` (the same registry as the API's: projection lag, each message channel's subscription lag and backlog, queue jobs by state,
 * outside requests, database pool). It listens on WORKER_HOST (loopback by default) and answers nothing else.
 */
export async function startWorkerEndpoint(app: INestApplicationContext, host: string, port: number): Promise<Server> {
  const metrics = app.get(StoreMetrics);
  const collector = app.get(MetricsCollector);
  const dataSource = app.get(DataSource);
  const server = createServer((request, response) => {
    const json = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
      response.end(JSON.stringify(body));
    };
    const path = (request.url ?? '/').split('?')[0];
    if (request.method !== 'GET') return json(405, { success: false, message: 'Only GET is answered here.' });
    if (path === '/health/live') return json(200, { status: 'up', process: 'worker' });
    if (path === '/health/ready') {
      dataSource.query('SELECT 1').then(
        () => json(200, { status: 'up', process: 'worker', database: 'up' }),
        () => json(503, { status: 'down', process: 'worker', database: 'down' }),
      );
      return;
    }
    if (path === '/metrics') {
      collector
        .refresh()
        .then(() => metrics.registry.metrics())
        .then(
          (text) => {
            response.writeHead(200, { 'content-type': metrics.registry.contentType, 'cache-control': 'no-store' });
            response.end(text);
          },
          () => json(503, { success: false, message: 'Metrics are not available while the database is away.' }),
        );
      return;
    }
    json(404, { success: false, message: 'Not found: /health/live, /health/ready and /metrics are answered here.' });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return server;
}
