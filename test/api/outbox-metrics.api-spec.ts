import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { DataSource } from 'typeorm';
import { runProjectionBatch } from '../../server/event-store/projection-batch';
import { startWorkerEndpoint } from '../../server/observability/worker-endpoint';
import { SmsSubscriptionProjection } from '../../server/sms/subscription/sms-subscription';
import { catalogProducts, deliveryCharges, openStoreFixture, setAvailableStock, type StoreFixture } from '../support/store-fixture';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * The lag of every message channel (issue 28), as an operator's Prometheus reads it: with no worker running, an
 * order's SMS waits — first as an event its subscription has not read, then as a delivery not sent — and the
 * metrics say so; once a worker runs, they fall back to 0 on the worker's own /metrics.
 */

/** `name{labels} value` lines of a Prometheus text answer, as a map from `name{labels}` to the value. */
function samples(text: string): Map<string, number> {
  const result = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const at = line.lastIndexOf(' ');
    result.set(line.slice(0, at), Number(line.slice(at + 1)));
  }
  return result;
}

const SMS = { lag: 'store_outbox_subscription_lag_events{channel="sms",subscription="sms-subscription"}', lagSeconds: 'store_outbox_subscription_lag_seconds{channel="sms",subscription="sms-subscription"}', undelivered: 'store_outbox_undelivered_messages{channel="sms"}', oldest: 'store_outbox_oldest_undelivered_seconds{channel="sms"}' };

/** Scrapes `url` until `done` holds of the samples (or 30 s pass), and answers the last samples. */
async function scrapeUntil(url: string, done: (values: Map<string, number>) => boolean): Promise<Map<string, number>> {
  let values = samples(await (await fetch(url)).text());
  for (const deadline = Date.now() + 30_000; !done(values) && Date.now() < deadline; ) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    values = samples(await (await fetch(url)).text());
  }
  return values;
}

describe('message channel lag on /metrics', () => {
  let api: TestServer;
  let worker: TestServer | undefined;
  let endpoint: Server | undefined;
  let fixture: StoreFixture;
  beforeAll(async () => {
    // An API process that leaves the messages to a worker, and no worker yet.
    api = await startTestServer({ env: { SEED_DEMO: 'true', MAIL_WORKER: 'off' } });
    fixture = await openStoreFixture(api.databaseUrl);
  });
  afterAll(async () => {
    endpoint?.close();
    await worker?.stop();
    await fixture?.close();
    await api?.stop();
  });

  it('counts an order\'s SMS as waiting while no worker runs, and 0 once one does', async () => {
    const metricsUrl = `${api.baseUrl}/api/metrics`;
    const before = await scrapeUntil(metricsUrl, () => true);
    // Both registered channels are reported, and nothing waits yet.
    expect({ sms: before.get(SMS.lag), mail: before.get('store_outbox_subscription_lag_events{channel="mail",subscription="mail-subscription"}') }).toEqual({ sms: 0, mail: 0 });
    expect(before.get(SMS.undelivered)).toBe(0);

    const [product] = await catalogProducts(fixture);
    await setAvailableStock(fixture, product.id, product.sizes[0], 3);
    const delivery = (await deliveryCharges(fixture)).insidePaisa / 100;
    const placed = await fetch(`${api.baseUrl}/api/public/confirm-order`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': 'outbox-lag-0001' },
      body: JSON.stringify({
        cart: [{ id: product.id, size: product.sizes[0], qty: 1 }],
        coupon: null,
        data: { name: 'Lag Shopper', phone: '01710000009', address: 'House 1, Road 2, Banani, Dhaka', shipping_phone: '01710000009', paymentMethod: 'cash', devliery_charge: delivery },
      }),
    });
    expect(placed.status).toBe(201);

    // Not read yet: the subscription is an event behind, and the message's age grows.
    const behind = await scrapeUntil(metricsUrl, (values) => (values.get(SMS.oldest) ?? 0) >= 1);
    expect({ lag: behind.get(SMS.lag), undelivered: behind.get(SMS.undelivered) }).toEqual({ lag: 1, undelivered: 0 });
    expect(behind.get(SMS.lagSeconds)).toBeGreaterThanOrEqual(1);
    expect(behind.get(SMS.oldest)).toBeGreaterThanOrEqual(1);

    // Read into a delivery, but nobody sends it: the backlog is one message, still as old.
    const holdingQueue = { mode: 'in-process' as const, enqueue: async () => undefined, startWorker: () => undefined, stop: async () => undefined };
    await runProjectionBatch(api.app.get(DataSource), new SmsSubscriptionProjection(holdingQueue), 200);
    const queued = await scrapeUntil(metricsUrl, () => true);
    expect({ lag: queued.get(SMS.lag), lagSeconds: queued.get(SMS.lagSeconds), undelivered: queued.get(SMS.undelivered) }).toEqual({ lag: 0, lagSeconds: 0, undelivered: 1 });
    expect(queued.get(SMS.oldest)).toBeGreaterThanOrEqual(1);

    // A worker starts on the same database: its own /metrics reports the channels caught up and nothing waiting.
    worker = await startTestServer({ databaseUrl: api.databaseUrl, env: { SEED_DEMO: 'true' } });
    endpoint = await startWorkerEndpoint(worker.app, '127.0.0.1', 0);
    const workerMetrics = `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}/metrics`;
    const after = await scrapeUntil(workerMetrics, (values) => values.get(SMS.undelivered) === 0 && values.get(SMS.oldest) === 0);
    expect({ lag: after.get(SMS.lag), undelivered: after.get(SMS.undelivered), oldest: after.get(SMS.oldest) }).toEqual({ lag: 0, undelivered: 0, oldest: 0 });
    const sent = await fixture.dataSource.query(`SELECT status FROM sms_deliveries`);
    expect(sent).toEqual([{ status: 'sent' }]);
  });
});
