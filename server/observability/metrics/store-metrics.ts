import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * Every metric one process exposes at /api/metrics, in a registry of its own (a test runs several stores in
 * one process). Names follow Prometheus conventions: `_seconds`, `_total`, base units.
 */
export class StoreMetrics {
  readonly registry = new Registry();

  readonly httpRequestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by method, route template and status, from the first byte in to the last byte out.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });

  readonly checkouts = new Counter({
    name: 'store_checkouts_total',
    help: 'Checkouts (POST /api/public/confirm-order) by outcome: placed, replayed, out_of_stock, refused, invalid, rate_limited, unavailable, failed.',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });

  readonly eventsAppended = new Counter({
    name: 'store_events_appended_total',
    help: 'Events this process appended to the log, by event type.',
    labelNames: ['type'] as const,
    registers: [this.registry],
  });

  readonly projectionLagEvents = new Gauge({
    name: 'store_projection_lag_events',
    help: 'Events in the log that a projection has not applied yet.',
    labelNames: ['projection'] as const,
    registers: [this.registry],
  });

  readonly projectionLagSeconds = new Gauge({
    name: 'store_projection_lag_seconds',
    help: 'Age of the oldest event a projection has not applied yet; 0 when caught up.',
    labelNames: ['projection'] as const,
    registers: [this.registry],
  });

  readonly projectionEventsApplied = new Gauge({
    name: 'store_projection_events_applied_by_process',
    help: 'Events this process applied per projection since it started.',
    labelNames: ['projection'] as const,
    registers: [this.registry],
  });

  readonly projectionFailing = new Gauge({
    name: 'store_projection_failing',
    help: '1 while a projection\'s last batch failed.',
    labelNames: ['projection'] as const,
    registers: [this.registry],
  });

  readonly queueJobs = new Gauge({
    name: 'store_queue_jobs',
    help: 'Open jobs per queue and state (pending, sending, failed = failed and waiting to retry, dead = tries exhausted).',
    labelNames: ['queue', 'state'] as const,
    registers: [this.registry],
  });

  readonly outboxLagEvents = new Gauge({
    name: 'store_outbox_subscription_lag_events',
    help: 'Events a message channel\'s subscription (mail, sms, ...) has not read yet, of the types it reads: messages not written yet.',
    labelNames: ['channel', 'subscription'] as const,
    registers: [this.registry],
  });

  readonly outboxLagSeconds = new Gauge({
    name: 'store_outbox_subscription_lag_seconds',
    help: 'Age of the oldest event a message channel\'s subscription has not read yet; 0 when caught up.',
    labelNames: ['channel', 'subscription'] as const,
    registers: [this.registry],
  });

  readonly outboxUndelivered = new Gauge({
    name: 'store_outbox_undelivered_messages',
    help: 'Messages of a channel written but not sent yet (pending, sending, failed and waiting to retry): its backlog.',
    labelNames: ['channel'] as const,
    registers: [this.registry],
  });

  readonly outboxOldestUndeliveredSeconds = new Gauge({
    name: 'store_outbox_oldest_undelivered_seconds',
    help: 'Age of the oldest message of a channel not delivered yet, whether still an unread event or an open delivery; 0 when nothing waits.',
    labelNames: ['channel'] as const,
    registers: [this.registry],
  });

  readonly outboxFailing = new Gauge({
    name: 'store_outbox_subscription_failing',
    help: '1 while a message channel\'s subscription\'s last batch failed.',
    labelNames: ['channel', 'subscription'] as const,
    registers: [this.registry],
  });

  readonly outsideRequests = new Counter({
    name: 'store_outside_requests_total',
    help: 'Requests to outside services (SMS gateways, couriers, payment gateways) by service, provider and outcome: ok, timeout, unreachable, unavailable, refused, unreadable.',
    labelNames: ['service', 'provider', 'outcome'] as const,
    registers: [this.registry],
  });

  readonly outsideRequestDuration = new Histogram({
    name: 'store_outside_request_duration_seconds',
    help: 'Time an outside service took to answer (or to fail), by service and provider.',
    labelNames: ['service', 'provider'] as const,
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [this.registry],
  });

  readonly dbPoolConnections = new Gauge({
    name: 'store_db_pool_connections',
    help: 'Connections of this process\'s PostgreSQL pool by state: total, idle, in_use; and callers waiting for one.',
    labelNames: ['state'] as const,
    registers: [this.registry],
  });

  readonly dbPoolMax = new Gauge({
    name: 'store_db_pool_max_connections',
    help: 'The size limit of this process\'s PostgreSQL pool.',
    registers: [this.registry],
  });

  readonly up = new Gauge({
    name: 'store_dependency_up',
    help: '1 when a dependency (database, redis) answered its last check, else 0.',
    labelNames: ['dependency'] as const,
    registers: [this.registry],
  });

  constructor() {
    // Event-loop lag, heap, GC, CPU, handles: prom-client's standard Node.js metrics.
    collectDefaultMetrics({ register: this.registry, eventLoopMonitoringPrecision: 20 });
  }
}

/** The outcome label of a checkout from its HTTP status. */
export function checkoutOutcome(status: number): string {
  if (status === 201) return 'placed';
  if (status === 200) return 'replayed';
  if (status === 409) return 'out_of_stock';
  if (status === 422) return 'refused';
  if (status === 429) return 'rate_limited';
  if (status === 503) return 'unavailable';
  if (status >= 500) return 'failed';
  return 'invalid';
}
