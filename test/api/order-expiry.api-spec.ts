import { CommandBus } from '@nestjs/cqrs';
import { Queue } from 'bullmq';
import IORedis from 'ioredis';
import { systemClock } from '../../server/common/clock';
import { ConfirmOrderCommand } from '../../server/ordering/change-order/order-steps.commands';
import { ORDER_EXPIRY_QUEUE } from '../../server/ordering/expiry/expiry-timers';
import { OrderExpiry } from '../../server/ordering/expiry/order-expiry';
import { availableStock, catalogProducts, createCoupon, deliveryCharges, openStoreFixture, setAvailableStock, type FixtureProduct, type StoreFixture } from '../support/store-fixture';
import { useApiStore } from '../support/api-store';
import { provideRedis, type TestRedis } from '../support/redis';
import { startTestServer, type TestServer } from '../support/test-server';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;
const HOUR = 60 * 60 * 1000;

async function placeOrder(server: TestServer, product: FixtureProduct, size: string, phone: string, insideTaka: number, coupon: string | null = null): Promise<string> {
  const response = await fetch(`${server.baseUrl}/api/public/confirm-order`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      cart: [{ id: product.id, size, qty: 2 }],
      coupon: coupon ? { couponCode: coupon } : null,
      couponoffer: null,
      data: { name: 'Kamal Hossain', phone, address: 'Uttara, Dhaka', shipping_phone: phone, devliery_charge: insideTaka, paymentMethod: 'cash' },
    }),
  });
  const body = (await response.json()) as Json;
  expect(response.status).toBe(201);
  return body.order_id as string;
}

async function waitFor<T>(check: () => Promise<T | undefined | false>, timeoutMs: number): Promise<T> {
  for (const started = Date.now(); ; await new Promise((resolve) => setTimeout(resolve, 200))) {
    const value = await check();
    if (value) return value;
    if (Date.now() - started > timeoutMs) throw new Error('condition not met in time');
  }
}

/** Resolves once `server` has finished a sweep that started after this call. */
async function nextSweep(server: TestServer): Promise<void> {
  const expiry = server.app.get(OrderExpiry);
  const sweep = jest.spyOn(expiry, 'sweep');
  try {
    // Wrapped: the sweep's promise itself would be awaited by waitFor, and a sweep that expires nothing gives 0.
    const started = await waitFor(async () => sweep.mock.results.length > 0 && { sweep: sweep.mock.results[0].value as Promise<number> }, 30_000);
    await started.sweep;
  } finally {
    sweep.mockRestore();
  }
}

/** Resolves once the order-expiry queue holds no job waiting, delayed or running. */
async function expiryJobsDone(redisUrl: string): Promise<void> {
  const connection = new IORedis(redisUrl, { maxRetriesPerRequest: null });
  connection.on('error', () => undefined);
  const queue = new Queue(ORDER_EXPIRY_QUEUE, { connection });
  try {
    await waitFor(async () => {
      const counts = await queue.getJobCounts('active', 'waiting', 'delayed', 'prioritized');
      return Object.values(counts).every((count) => count === 0);
    }, 30_000);
  } finally {
    await queue.close();
    connection.disconnect();
  }
}

const expiredEvents = async (fixture: StoreFixture, orderIds: string[]): Promise<Map<string, number>> => {
  const rows: Array<{ stream_id: string; n: number }> = await fixture.dataSource.query(
    `SELECT stream_id, count(*)::int AS n FROM events WHERE type = 'OrderExpired' AND stream_id = ANY($1::text[]) GROUP BY stream_id`,
    [orderIds.map((id) => `order-${id}`)],
  );
  return new Map(rows.map((row) => [row.stream_id.replace(/^order-/, ''), row.n]));
};

/** Issue 14: a pending order expires on its own after the pending-order lifetime (48 hours by default). */
describe('pending orders expire', () => {
  describe('with an injected clock, without Redis', () => {
    const store = useApiStore();
    afterAll(() => jest.restoreAllMocks());

    it('gives the stock and the coupon use back after 48 hours, records OrderExpired on the timeline, and expires nothing twice', async () => {
      const product = store.products[0];
      const size = product.sizes[0];
      await setAvailableStock(store.fixture, product.id, size, 5);
      const now = Date.now();
      await createCoupon(store.fixture, {
        code: 'ONEUSE14',
        percent: 10,
        validFrom: new Date(now - HOUR).toISOString(),
        validUntil: new Date(now + 10 * 24 * HOUR).toISOString(),
        totalLimit: 1,
        perPhoneLimit: 1,
      });
      const orderId = await placeOrder(store.server, product, size, '01912000001', store.insideTaka, 'ONEUSE14');
      const confirmedId = await placeOrder(store.server, product, size, '01912000002', store.insideTaka);
      expect(await availableStock(store.fixture, product.id, size)).toBe(1);
      const expiry = store.server.app.get(OrderExpiry);

      // 47 hours later: nothing is due.
      jest.spyOn(systemClock, 'now').mockReturnValue(new Date(now + 47 * HOUR));
      expect(await expiry.sweep()).toBe(0);
      expect(await expiry.expire(orderId)).toBe('skipped');
      expect((await expiredEvents(store.fixture, [orderId])).size).toBe(0);

      // Care confirms the second order; 49 hours after placing, only the first (still pending) expires.
      await store.server.app.get(CommandBus).execute(new ConfirmOrderCommand(confirmedId, { requestId: 'r', correlationId: 'c', actor: { id: 'care-1', role: 'care' } }));
      jest.spyOn(systemClock, 'now').mockReturnValue(new Date(now + 49 * HOUR));
      expect(await expiry.sweep()).toBe(1);
      expect(await expiry.sweep()).toBe(0);
      expect(await expiry.expire(orderId)).toBe('skipped');
      expect(await expiredEvents(store.fixture, [orderId, confirmedId])).toEqual(new Map([[orderId, 1]]));

      expect(await availableStock(store.fixture, product.id, size)).toBe(3);
      const tracking = (await (await fetch(`${store.server.baseUrl}/api/public/getOrderInformation?orderId=${orderId}&phone=01912000001`)).json()) as Json;
      expect(tracking.data.order_status_name).toBe('Expired');
      const timeline = await waitFor(async () => {
        const rows: Array<{ event_type: string; actor_role: string }> = await store.fixture.dataSource.query(
          `SELECT event_type, actor_role FROM order_timeline WHERE order_id = $1 ORDER BY stream_position`,
          [orderId],
        );
        return rows.length === 2 ? rows : undefined;
      }, 30_000);
      expect(timeline).toEqual([
        { event_type: 'OrderPlaced', actor_role: 'guest' },
        { event_type: 'OrderExpired', actor_role: 'system' },
      ]);
      // The tracking page's steps end where the order stopped: placed, then expired.
      const steps = (await (await fetch(`${store.server.baseUrl}/api/public/getOrderInformation?orderId=${orderId}&phone=01912000001`)).json()) as Json;
      expect(steps.data.steps.map((step: { step: string; name: string }) => [step.step, step.name])).toEqual([
        ['placed', 'Order placed'],
        ['expired', 'Expired'],
      ]);
      // The coupon's one use is free again: another phone may use it.
      await placeOrder(store.server, product, size, '01912000003', store.insideTaka, 'ONEUSE14');
    });
  });

  describe('two processes on one database, Redis restarted between scheduling and the deadline', () => {
    let redis: TestRedis;
    let first: TestServer;
    let second: TestServer;
    let fixture: StoreFixture;

    beforeAll(async () => {
      redis = await provideRedis();
      // 0.002 hours: a deadline 7.2 seconds after the order; each process sweeps every second.
      const env = { REDIS_URL: redis.url, PENDING_ORDER_EXPIRY_HOURS: '0.002', ORDER_EXPIRY_SWEEP_SECONDS: '1' };
      first = await startTestServer({ env });
      second = await startTestServer({ env, databaseUrl: first.databaseUrl });
      fixture = await openStoreFixture(first.databaseUrl);
    });
    afterAll(async () => {
      await fixture?.close();
      await second?.stop();
      await first?.stop();
      await redis?.close();
    });

    it('expires every order exactly once, by its delayed job or by a sweep', async () => {
      const products = await catalogProducts(fixture);
      const insideTaka = (await deliveryCharges(fixture)).insidePaisa / 100;
      const product = products[1];
      const size = product.sizes[0];
      await setAvailableStock(fixture, product.id, size, 40);
      const before = [];
      for (let index = 0; index < 4; index++) before.push(await placeOrder(index % 2 ? second : first, product, size, `0191300000${index}`, insideTaka));
      const client = new IORedis(redis.url, { maxRetriesPerRequest: 1 });
      client.on('error', () => undefined);
      // Scheduled: a delayed job per order, its id from the order id.
      const jobs = await waitFor(async () => {
        const ids = await client.zrange('bull:order-expiry:delayed', 0, -1);
        return ids.length === 4 ? ids : undefined;
      }, 30_000);
      expect(jobs.sort()).toEqual(before.map((id) => `expire-${id}`).sort());
      client.disconnect();

      await redis.stop();
      await redis.start(); // back, and empty: the jobs of the first four orders are gone
      const after = [];
      for (let index = 4; index < 8; index++) after.push(await placeOrder(index % 2 ? second : first, product, size, `0191300000${index}`, insideTaka));
      expect(await availableStock(fixture, product.id, size)).toBe(40 - 8 * 2);

      const all = [...before, ...after];
      await waitFor(async () => (await expiredEvents(fixture, all)).size === all.length, 30_000);
      // More sweeps and jobs come by: every process sweeps again, starting after the last expiry, and every
      // delayed job has run (its order found expired already). Still once each.
      await Promise.all([first, second].map((server) => nextSweep(server)));
      await expiryJobsDone(redis.url);
      const counts = await expiredEvents(fixture, all);
      expect([...counts.values()]).toEqual(all.map(() => 1));
      expect(await availableStock(fixture, product.id, size)).toBe(40);
    });
  });
});
