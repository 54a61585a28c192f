import { Client } from 'pg';
import { ProjectionRunner } from '../../server/event-store/projection-runner';
import { ShutdownState } from '../../server/observability/shutdown/shutdown-state';
import { catalogProducts, deliveryCharges, openStoreFixture, setAvailableStock, type StoreFixture } from '../support/store-fixture';
import { startTestServer, useTestServer, type TestServer } from '../support/test-server';

/** What an operator reads: /api/metrics (Prometheus text, for the monitoring system only) and the health probes. */

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

const checkoutBody = (productId: number, size: string, phone: string, deliveryTaka: number) =>
  JSON.stringify({
    cart: [{ id: productId, size, qty: 1 }],
    coupon: null,
    data: { name: 'Metric Shopper', phone, address: 'House 1, Road 2, Banani, Dhaka', shipping_phone: phone, paymentMethod: 'cash', devliery_charge: deliveryTaka },
  });

describe('GET /api/metrics', () => {
  let server: TestServer;
  let fixture: StoreFixture;
  beforeAll(async () => {
    server = await startTestServer({ env: { SEED_DEMO: 'true' } });
    fixture = await openStoreFixture(server.databaseUrl);
  });
  afterAll(async () => {
    await fixture?.close();
    await server?.stop();
  });

  const scrape = async (headers: Record<string, string> = {}) => fetch(`${server.baseUrl}/api/metrics`, { headers });

  it('answers the monitoring system on this machine in Prometheus text format', async () => {
    const response = await scrape();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await response.text();
    for (const name of [
      'http_request_duration_seconds', 'store_checkouts_total', 'store_events_appended_total', 'store_projection_lag_events',
      'store_projection_lag_seconds', 'store_queue_jobs', 'store_db_pool_connections', 'nodejs_eventloop_lag_seconds', 'process_cpu_seconds_total',
    ]) {
      expect(text).toContain(`# TYPE ${name} `);
    }
  });

  it('refuses a request relayed by a proxy, even from this machine, with 403 in the error shape', async () => {
    const response = await scrape({ 'x-forwarded-for': '203.0.113.7' });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ success: false, code: expect.any(String), message: 'Metrics are open to the monitoring system only.' });
  });

  it('refuses a request from a same-host proxy that names the client only in X-Real-IP or another proxy header', async () => {
    // nginx with only `proxy_set_header X-Real-IP`, or a proxy that passes X-Forwarded-Host/-Proto but no address.
    for (const headers of [{ 'x-real-ip': '203.0.113.7' }, { 'x-forwarded-host': 'shop.example.com' }, { 'x-forwarded-proto': 'https' }, { forwarded: 'for=203.0.113.7' }] as Record<string, string>[]) {
      const response = await scrape(headers);
      expect({ headers, status: response.status }).toEqual({ headers, status: 403 });
    }
  });

  it('with TRUST_PROXY set, lets in a relayed request only when the resolved client address is allowed', async () => {
    // The test server trusts loopback (TRUST_PROXY=loopback): a proxy on this machine relaying a scraper on this machine.
    expect((await scrape({ 'x-forwarded-for': '127.0.0.1' })).status).toBe(200);
    expect((await scrape({ 'x-forwarded-for': '127.0.0.1, 203.0.113.7' })).status).toBe(403);
    expect((await scrape({ 'x-forwarded-for': '127.0.0.1', 'x-real-ip': '203.0.113.7' })).status).toBe(403);
  });

  it('counts checkouts by outcome, events appended by type, and times requests by route template, never by raw path', async () => {
    const [product] = await catalogProducts(fixture);
    const size = product.sizes[0];
    await setAvailableStock(fixture, product.id, size, 1);
    const delivery = (await deliveryCharges(fixture)).insidePaisa / 100;
    const before = samples(await (await scrape()).text());
    const checkout = (key: string, phone: string) =>
      fetch(`${server.baseUrl}/api/public/confirm-order`, { method: 'POST', headers: { 'content-type': 'application/json', 'idempotency-key': key }, body: checkoutBody(product.id, size, phone, delivery) });
    const placed = await checkout('metrics-key-0001', '01710000001');
    expect(placed.status).toBe(201);
    const { order_id: orderId } = await placed.json();
    expect((await checkout('metrics-key-0001', '01710000001')).status).toBe(200);
    expect((await checkout('metrics-key-0002', '01710000002')).status).toBe(409);
    expect((await fetch(`${server.baseUrl}/api/public/confirm-order`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status).toBe(422);
    expect((await fetch(`${server.baseUrl}/api/public/verify/${orderId}/01710000001`)).status).toBe(200);

    const text = await (await scrape()).text();
    const after = samples(text);
    const delta = (key: string) => (after.get(key) ?? 0) - (before.get(key) ?? 0);
    expect({
      placed: delta('store_checkouts_total{outcome="placed"}'),
      replayed: delta('store_checkouts_total{outcome="replayed"}'),
      outOfStock: delta('store_checkouts_total{outcome="out_of_stock"}'),
      refused: delta('store_checkouts_total{outcome="refused"}'),
    }).toEqual({ placed: 1, replayed: 1, outOfStock: 1, refused: 1 });
    expect(delta('store_events_appended_total{type="OrderPlaced"}')).toBe(1);
    expect(delta('store_events_appended_total{type="StockReserved"}')).toBe(1);
    expect(delta('http_request_duration_seconds_count{method="POST",route="/api/public/confirm-order",status="201"}')).toBe(1);
    expect(delta('http_request_duration_seconds_count{method="GET",route="/api/public/verify/:orderId/:phone",status="200"}')).toBe(1);
    // The order id and the phone of the path never become labels.
    expect(text).not.toContain(orderId);
    expect(text).not.toContain('01710000001');
  });

  it('reports each projection\'s lag, the mail queue and the database pool', async () => {
    const text = await (await scrape()).text();
    const values = samples(text);
    for (const projection of ['sku-stock', 'order-tracking', 'order-timeline']) {
      expect(values.get(`store_projection_lag_events{projection="${projection}"}`)).toBeGreaterThanOrEqual(0);
      expect(values.get(`store_projection_lag_seconds{projection="${projection}"}`)).toBeGreaterThanOrEqual(0);
    }
    // The checkout above was mailed to no one (no e-mail): the queue holds nothing open.
    for (const state of ['pending', 'sending', 'failed', 'dead']) expect(values.get(`store_queue_jobs{queue="mail",state="${state}"}`)).toBe(0);
    expect(values.get('store_db_pool_connections{state="total"}')).toBeGreaterThan(0);
    expect(values.get('store_db_pool_max_connections')).toBe(20);
    expect(values.get('store_dependency_up{dependency="database"}')).toBe(1);
  });

  it('shows a projection falling behind: lag in events and seconds while its runner is stopped', async () => {
    const runner = server.app.get(ProjectionRunner);
    await runner.stop();
    try {
      const [, product] = await catalogProducts(fixture);
      await setAvailableStock(fixture, product.id, product.sizes[0], 7);
      // The lag in seconds is the age of the oldest event not applied: scrape until it is a second old.
      let values = samples(await (await scrape()).text());
      for (const deadline = Date.now() + 30_000; (values.get('store_projection_lag_seconds{projection="sku-stock"}') ?? 0) < 1 && Date.now() < deadline; ) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        values = samples(await (await scrape()).text());
      }
      expect(values.get('store_projection_lag_events{projection="sku-stock"}')).toBeGreaterThanOrEqual(1);
      expect(values.get('store_projection_lag_seconds{projection="sku-stock"}')).toBeGreaterThanOrEqual(1);
    } finally {
      await runner.start();
    }
    await runner.waitUntilCaughtUp();
    const values = samples(await (await scrape()).text());
    expect(values.get('store_projection_lag_events{projection="sku-stock"}')).toBe(0);
  });
});

describe('GET /api/metrics with METRICS_TOKEN and no allowed address', () => {
  const server = useTestServer({ env: { SEED_DEMO: 'false', METRICS_ALLOW: '', METRICS_TOKEN: 'scrape-token-0123456789abcdef' } });

  it('answers only with the token', async () => {
    const get = (headers: Record<string, string> = {}) => fetch(`${server.baseUrl}/api/metrics`, { headers });
    expect((await get()).status).toBe(403);
    expect((await get({ authorization: 'Bearer scrape-token-0123456789abcdeX' })).status).toBe(403);
    expect((await get({ authorization: 'Bearer scrape-token' })).status).toBe(403);
    const allowed = await get({ authorization: 'Bearer scrape-token-0123456789abcdef', 'x-forwarded-for': '203.0.113.7' });
    expect(allowed.status).toBe(200);
    expect(await allowed.text()).toContain('# TYPE store_checkouts_total counter');
  });
});

describe('GET /api/metrics with no proxy trusted (TRUST_PROXY=none)', () => {
  const server = useTestServer({ env: { SEED_DEMO: 'false', TRUST_PROXY: 'none' } });

  it('answers a direct scraper on this machine and refuses anything a proxy relayed, whatever address it names', async () => {
    const get = (headers: Record<string, string> = {}) => fetch(`${server.baseUrl}/api/metrics`, { headers });
    expect((await get()).status).toBe(200);
    for (const headers of [{ 'x-forwarded-for': '127.0.0.1' }, { 'x-real-ip': '127.0.0.1' }, { 'x-forwarded-host': 'shop.example.com' }] as Record<string, string>[]) {
      expect({ headers, status: (await get(headers)).status }).toEqual({ headers, status: 403 });
    }
  });
});

describe('GET /api/health/live and /api/health/ready', () => {
  it('live: 200 while the process answers; ready: 200 with the database up and migrated', async () => {
    const server = await startTestServer({ env: { SEED_DEMO: 'false' } });
    try {
      const live = await fetch(`${server.baseUrl}/api/health/live`);
      expect(live.status).toBe(200);
      expect(await live.json()).toMatchObject({ status: 'live' });
      const ready = await fetch(`${server.baseUrl}/api/health/ready`);
      expect(ready.status).toBe(200);
      expect(ready.headers.get('cache-control')).toBe('no-store');
      expect(await ready.json()).toEqual({ status: 'ready', database: { status: 'up', migrations: 'done' }, queue: { status: 'up', mode: 'in-process' } });
    } finally {
      await server.stop();
    }
  });

  it('ready: Redis down is "degraded" but still 200 (checkout works without it), while /api/health stays 503', async () => {
    const server = await startTestServer({ env: { SEED_DEMO: 'false', REDIS_URL: 'redis://127.0.0.1:1' } });
    try {
      const ready = await fetch(`${server.baseUrl}/api/health/ready`);
      expect(ready.status).toBe(200);
      const body = await ready.json();
      expect(body).toEqual({ status: 'degraded', database: { status: 'up', migrations: 'done' }, queue: { status: 'down', mode: 'redis' } });
      expect(JSON.stringify(body)).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|redis:\/\//);
      expect((await fetch(`${server.baseUrl}/api/health`)).status).toBe(503);
    } finally {
      await server.stop();
    }
  });

  it('ready: 503 while the database refuses connections, live still 200, and ready again once it is back', async () => {
    const server = await startTestServer({ env: { SEED_DEMO: 'false' } });
    const name = new URL(server.databaseUrl).pathname.slice(1);
    const adminUrl = new URL(server.databaseUrl);
    adminUrl.pathname = '/postgres';
    const admin = new Client({ connectionString: adminUrl.toString() });
    await admin.connect();
    try {
      await admin.query(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS false`);
      await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [name]);
      const ready = await fetch(`${server.baseUrl}/api/health/ready`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toEqual({ status: 'unavailable', database: { status: 'down', migrations: 'unknown' }, queue: { status: 'up', mode: 'in-process' } });
      expect((await fetch(`${server.baseUrl}/api/health/live`)).status).toBe(200);
      await admin.query(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS true`);
      let status = 0;
      for (const deadline = Date.now() + 30_000; status !== 200 && Date.now() < deadline; ) {
        status = (await fetch(`${server.baseUrl}/api/health/ready`)).status;
        if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(status).toBe(200);
    } finally {
      await admin.query(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS true`).catch(() => undefined);
      await admin.end();
      await server.stop();
    }
  });

  it('ready: 503 "draining" once the process is shutting down, so a load balancer stops sending', async () => {
    const server = await startTestServer({ env: { SEED_DEMO: 'false' } });
    try {
      server.app.get(ShutdownState).startDraining();
      const ready = await fetch(`${server.baseUrl}/api/health/ready`);
      expect(ready.status).toBe(503);
      expect(ready.headers.get('connection')).toBe('close');
      expect(await ready.json()).toMatchObject({ status: 'draining' });
    } finally {
      await server.stop();
    }
  });
});
