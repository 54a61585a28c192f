import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { Client } from 'pg';
import { skuStreamId } from '../../server/inventory/domain/sku-stream';
import { catalogProducts, deliveryCharges, openStoreFixture, setAvailableStock, type StoreFixture } from '../support/store-fixture';
import { startStoreProcess, type StoreProcess } from '../support/store-process';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

/**
 * The store as `npm start` runs it, watched from outside: what it writes to its log (JSON lines with the
 * request's ids, no personal data, no secret) and how it stops on SIGTERM (requests in flight finish, no new
 * connection, exit within SHUTDOWN_TIMEOUT).
 */
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * True when the store has accepted every connection made to `port` and read every byte sent on them: in
 * /proc/net/tcp no socket on the port has anything queued to read (a listening socket's queue is its connections
 * not yet accepted). Then each request written is in flight in the store, not in the kernel: a SIGTERM closing
 * the listener cannot refuse it.
 */
function readByTheStore(port: number): boolean {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  return readFileSync('/proc/net/tcp', 'utf8')
    .split('\n')
    .slice(1)
    .map((line) => line.trim().split(/\s+/))
    .filter((fields) => fields[1]?.endsWith(`:${hexPort}`))
    .every((fields) => parseInt(fields[4].split(':')[1], 16) === 0);
}

async function until<T>(what: string, probe: () => Promise<T | undefined | false>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await wait(100);
  }
}

describe('the store\'s log', () => {
  let database: TestDatabase;
  let store: StoreProcess;
  let fixture: StoreFixture;
  beforeAll(async () => {
    database = await createTestDatabase('logs');
    store = await startStoreProcess({ databaseUrl: database.url, env: { LOG_LEVEL: 'verbose', NODE_ENV: 'production' } });
    fixture = await openStoreFixture(database.url);
  }, 180_000);
  afterAll(async () => {
    await fixture?.close();
    await store?.stop();
    await database?.drop();
  });

  it('is JSON lines with the request and correlation ids of the events, and none of the personal data or secrets that went through', async () => {
    const secrets = {
      name: 'Shirin Logtest-Akhter',
      email: 'shirin.logtest@example.com',
      password: 'Meghna-River-Secret-77',
      wrongPassword: 'Wrong-Secret-Password-99',
      phone: '01755512345',
      bkashNumber: '01855598765',
      transactionId: 'TXLOGTEST42',
      address: 'Flat 7B, Lake Road 9, Gulshan',
      resetToken: 'Qk3vZr8TnW_pLxHyA9mJcE5sD7fGbNuVoKiRtYeXw2c',
      verifyToken: 'mZ4q-Lr7XkPw9dTvBn2HcJ8sFy5GaEoUiRtWlQeNbVk',
      shortToken: 'typedBySomeone',
    };
    const api = (path: string, init: RequestInit = {}) =>
      fetch(`${store.baseUrl}${path}`, { ...init, headers: { 'content-type': 'application/json', ...(init.headers as Record<string, string>) } });

    expect((await api('/api/auth/register', { method: 'POST', body: JSON.stringify({ name: secrets.name, email: secrets.email, password: secrets.password }) })).status).toBe(201);
    const login = await api('/api/auth/userLogin', { method: 'POST', body: JSON.stringify({ email: secrets.email, password: secrets.password }) });
    expect(login.status).toBe(200);
    const { access_token: token } = await login.json();
    expect((await api('/api/auth/userLogin', { method: 'POST', body: JSON.stringify({ email: secrets.email, password: secrets.wrongPassword }) })).status).toBe(401);
    const auth = { authorization: `Bearer ${token}`, cookie: `session=${token}` };
    expect((await api('/api/user/updateUserFrontend', { method: 'POST', headers: auth, body: JSON.stringify({ name: secrets.name, phone_number: secrets.phone }) })).status).toBe(200);

    const [product] = await catalogProducts(fixture);
    await setAvailableStock(fixture, product.id, product.sizes[0], 5);
    const checkout = await api('/api/public/confirm-order', {
      method: 'POST',
      headers: { ...auth, 'x-request-id': 'req-logtest-0001', 'x-correlation-id': 'corr-logtest-0001', 'idempotency-key': 'logtest-checkout-1' },
      body: JSON.stringify({
        cart: [{ id: product.id, size: product.sizes[0], qty: 1 }],
        data: {
          name: secrets.name, email: secrets.email, phone: secrets.phone, address: secrets.address, shipping_phone: secrets.phone,
          paymentMethod: 'bkash', bkash_number: secrets.bkashNumber, transaction_id: secrets.transactionId,
          devliery_charge: (await deliveryCharges(fixture)).insidePaisa / 100,
        },
      }),
    });
    expect(checkout.status).toBe(201);
    const { order_id: orderId } = await checkout.json();
    expect((await api(`/api/public/getOrderInformation?orderId=${orderId}&phone=${secrets.phone}`)).status).toBe(200);
    expect((await api(`/api/public/verify/${orderId}/${secrets.phone}`)).status).toBe(200);
    expect((await api(`/api/public/getOrderInformation?orderId=${orderId}&phone=01999999999`)).status).toBe(404);
    // The number is only typed on the account, not proven: no account is found by it (ADR 057), and the log still must not show it.
    expect((await api('/api/public/find-account', { method: 'POST', body: JSON.stringify({ phone: secrets.phone }) })).status).toBe(404);
    expect((await api('/api/public/send-verifymail-forgetpassword', { method: 'POST', body: JSON.stringify({ email: secrets.email, host: 'http://localhost:3000' }) })).status).toBe(200);
    expect((await api(`/api/public/${encodeURIComponent(secrets.email)}`)).status).toBe(404);
    // The storefront pages a reset or verification link opens carry the link's secret in their path.
    await api(`/forget-password-recover-email/${secrets.resetToken}`);
    await api(`/verify-email/${secrets.verifyToken}`);
    await api(`/forget-password-recover-email/${secrets.shortToken}`);
    // The order mail and the reset mail are sent (written to files) and logged as sent.
    await until('the mails to be sent', async () => {
      const [{ sent }] = await fixture.dataSource.query(`SELECT count(*)::int AS sent FROM mail_deliveries WHERE status = 'sent'`);
      return sent >= 2;
    });
    // The process writes its lines a moment after it acts: wait for the last ones looked at below.
    await until('the order mail and the checkout logged', async () => {
      const logged = store.logLines();
      return (
        logged.some((line) => typeof line.msg === 'string' && line.msg.startsWith('sent OrderPlaced mail for event')) &&
        logged.some((line) => (line.req as { id?: string } | undefined)?.id === 'req-logtest-0001')
      );
    });

    const output = store.output();
    const lines = store.logLines();
    expect(lines.filter((line) => 'unparsed' in line)).toEqual([]);
    expect(lines.length).toBeGreaterThan(20);
    for (const line of lines) {
      expect(typeof line.time).toBe('string');
      expect(['trace', 'debug', 'info', 'warn', 'error', 'fatal']).toContain(line.level);
    }
    const leaked = Object.entries({ ...secrets, token, tokenSignature: token.split('.')[2] }).filter(([, value]) => output.includes(value)).map(([what]) => what);
    expect(leaked).toEqual([]);
    expect(output).not.toContain(secrets.email.replace('@', '%40'));

    // One line per request, with the ids the request's events carry.
    const checkoutLine = lines.find((line) => (line.req as { id?: string } | undefined)?.id === 'req-logtest-0001');
    expect(checkoutLine).toMatchObject({ level: 'info', correlationId: 'corr-logtest-0001', res: { statusCode: 201 }, msg: expect.stringMatching(/^POST \/api\/public\/confirm-order 201 \d+ ms$/) });
    const [placed] = await fixture.dataSource.query(`SELECT metadata FROM events WHERE type = 'OrderPlaced' AND data->>'orderId' = $1`, [orderId]);
    expect(placed.metadata).toMatchObject({ requestId: 'req-logtest-0001', correlationId: 'corr-logtest-0001' });
    // A request without ids gets a fresh one, and its line says which route answered.
    const tracking = lines.find((line) => typeof line.msg === 'string' && line.msg.startsWith('GET /api/public/verify/:orderId/:phone 200'));
    expect(tracking).toMatchObject({ req: { id: expect.stringMatching(/^[0-9a-f-]{36}$/), url: `/api/public/verify/${orderId}/[phone]` } });
    expect(lines.some((line) => typeof line.msg === 'string' && line.msg.startsWith('sent OrderPlaced mail for event'))).toBe(true);
  });
});

describe('SIGTERM', () => {
  let database: TestDatabase;
  let fixture: StoreFixture;
  let locker: Client;
  beforeAll(async () => {
    database = await createTestDatabase('shutdown');
    fixture = await openStoreFixture(database.url);
    locker = new Client({ connectionString: database.url });
    await locker.connect();
  }, 60_000);
  afterAll(async () => {
    await locker?.end();
    await fixture?.close();
    await database?.drop();
  });

  /** Checkouts of one SKU, held in their append by the test taking that stream's lock (as another append would). */
  async function heldCheckouts(store: StoreProcess, count: number) {
    const [product] = await catalogProducts(fixture);
    const size = product.sizes[0];
    await setAvailableStock(fixture, product.id, size, 100);
    const delivery = (await deliveryCharges(fixture)).insidePaisa / 100;
    await locker.query('BEGIN');
    await locker.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [skuStreamId(product.id, size)]);
    // Each on a connection of its own, written whole before the test goes on (see `readByTheStore`).
    const written: Promise<void>[] = [];
    const answers = Array.from({ length: count }, (_, index) => {
      const body = JSON.stringify({
        cart: [{ id: product.id, size, qty: 1 }],
        data: { name: 'Graceful Shopper', phone: `0171${String(index).padStart(7, '0')}`, address: 'Road 1, Uttara, Dhaka', shipping_phone: `0171${String(index).padStart(7, '0')}`, paymentMethod: 'cash', devliery_charge: delivery },
      });
      return new Promise<{ status: number; body: { order_id?: string } }>((resolve) => {
        const sent = request(
          `${store.baseUrl}/api/public/confirm-order`,
          { method: 'POST', agent: false, headers: { 'content-type': 'application/json', 'idempotency-key': `shutdown-${store.port}-${index}` } },
          (response) => {
            let text = '';
            response.setEncoding('utf8');
            response.on('data', (chunk: string) => (text += chunk));
            response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) as { order_id?: string } }));
          },
        );
        sent.on('error', (error) => resolve({ status: 0, body: { error: String(error) } as { order_id?: string } }));
        written.push(new Promise((done) => sent.on('finish', done)));
        sent.end(body);
      });
    });
    await Promise.all(written);
    await until('the store to have accepted and read every checkout', async () => readByTheStore(store.port));
    await until('the checkouts to wait for the stream lock', async () => {
      const { rows: [{ waiting }] } = await locker.query(`SELECT count(*)::int AS waiting FROM pg_locks WHERE locktype = 'advisory' AND NOT granted`);
      return waiting >= 1;
    });
    return answers;
  }

  /** Sends the store SIGTERM; resolves, once it has exited, with its exit code and the seconds from the signal to the exit. */
  function terminate(store: StoreProcess): Promise<{ code: number | null; seconds: number }> {
    const signalledAt = Date.now();
    const exited = store.exited();
    store.signal('SIGTERM');
    return exited.then(({ code }) => ({ code, seconds: (Date.now() - signalledAt) / 1000 }));
  }

  it('finishes the requests in flight (their checkouts commit), takes no new connection, and exits 0 well within the bound', async () => {
    const store = await startStoreProcess({ databaseUrl: database.url, env: { LOG_LEVEL: 'log', SHUTDOWN_TIMEOUT: '10' } });
    try {
      const answers = await heldCheckouts(store, 8);
      const exit = terminate(store);
      // Without SHUTDOWN_DRAIN_DELAY the listening socket is closed in the same turn as this line is written.
      await until('the SIGTERM line', async () => store.logLines().some((line) => line.msg === 'SIGTERM received: finishing requests in flight, then stopping'));
      // The listening socket is closed: a new connection is refused (a load balancer tries another server).
      const late = await fetch(`${store.baseUrl}/api/health/live`).then((response) => response.status, (error: { cause?: { code?: string } }) => error.cause?.code ?? 'failed');
      expect(late).toBe('ECONNREFUSED');
      await locker.query('COMMIT');
      const results = await Promise.all(answers);
      expect(results.map((result) => result.status)).toEqual(Array(8).fill(201));
      const { code, seconds } = await exit;
      expect(code).toBe(0);
      expect(seconds).toBeLessThan(10);
      const orderIds = results.map((result) => result.body.order_id!);
      const [{ placed }] = await fixture.dataSource.query(`SELECT count(*)::int AS placed FROM events WHERE type = 'OrderPlaced' AND data->>'orderId' = ANY($1::text[])`, [orderIds]);
      expect(placed).toBe(8);
      const messages = store.logLines().map((line) => line.msg);
      expect(messages).toContain('SIGTERM received: finishing requests in flight, then stopping');
      expect(messages).toContain('stopped cleanly');
      expect(store.logLines().filter((line) => line.level === 'error')).toEqual([]);
      // Its projection runners let go of their locks: another process takes the projections over at once.
      const [{ held }] = await fixture.dataSource.query(`SELECT count(*)::int AS held FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid WHERE l.locktype = 'advisory' AND a.application_name = 'store-api' AND a.datname = current_database()`);
      expect(held).toBe(0);
    } finally {
      await locker.query('ROLLBACK').catch(() => undefined);
      await store.stop();
    }
  });

  it('gives up on requests still held at SHUTDOWN_TIMEOUT and exits 1 then, not later', async () => {
    const store = await startStoreProcess({ databaseUrl: database.url, env: { LOG_LEVEL: 'warn', SHUTDOWN_TIMEOUT: '2' } });
    try {
      const answers = await heldCheckouts(store, 3);
      const { code, seconds } = await terminate(store);
      expect(code).toBe(1);
      expect(seconds).toBeGreaterThanOrEqual(1);
      // The held requests never end by themselves: a process not keeping its bound (2 s, then the hard stop
      // half a second later) would not exit at all. The rest is room for a busy machine to start and reap it.
      expect(seconds).toBeLessThan(2 + 0.5 + 3);
      // Cut off, not answered with a server error; nothing of theirs was committed (the lock is still held).
      expect((await Promise.all(answers)).map((result) => result.status)).toEqual([0, 0, 0]);
      expect(store.logLines().map((line) => line.msg)).toContain('requests still in flight at the shutdown bound; closing their connections');
      // LOG_LEVEL=warn: no info lines.
      expect(store.logLines().filter((line) => line.level === 'info')).toEqual([]);
    } finally {
      await locker.query('ROLLBACK').catch(() => undefined);
      await store.stop();
    }
  });
});
