import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import IORedis from 'ioredis';
import { systemMetadata } from '../../server/common/request/request-metadata';
import { EventStore } from '../../server/event-store/event-store';
import { ProjectionRunner } from '../../server/event-store/projection-runner';
import { waitForFiles } from '../support/data-files';
import { orderPlaced } from '../support/order-events';
import { provideRedis, TestRedis } from '../support/redis';
import { query } from '../support/sql-query';
import { SmsGatewayCapture, startSmsGatewayCapture } from '../support/sms-gateway-capture';
import { useTestServer } from '../support/test-server';
import { outboxSettled } from '../support/outbox-settled';

/**
 * Order updates by SMS (issue 17) against a local fake gateway (a real HTTP server): every status change of an
 * order sends exactly one SMS in the order's language, also when the gateway refuses twice and when Redis is
 * restarted in the middle of a burst; a projection rebuild sends nothing; without SMS_URL the SMS are files.
 */
const ORIGIN = 'https://teebazaar.test';
let serial = 0;
const newPhone = () => `017${String(Date.now() % 100_000_000 + (serial += 1) * 7919).slice(-8).padStart(8, '0')}`;
const newOrderId = () => `S${randomUUID().replace(/-/g, '').slice(0, 10).toUpperCase()}`;

const at = () => new Date().toISOString();

/** Resolves once the SMS subscription has recorded a failed batch after `since` (database time). */
async function subscriptionFailedSince(databaseUrl: string, since: Date): Promise<void> {
  for (const deadline = Date.now() + 30_000; ; await new Promise((resolve) => setTimeout(resolve, 100))) {
    const [row] = await query<{ failed: boolean }>(
      databaseUrl,
      `SELECT status = 'failing' AND last_error_at > $1 AS failed FROM projection_checkpoints WHERE name = 'sms-subscription'`,
      [since],
    );
    if (row?.failed) return;
    if (Date.now() > deadline) throw new Error('the SMS subscription never failed while Redis was away');
  }
}

/** Each expected text arrived exactly once, and nothing else did. */
function expectOneEach(messages: string[], expected: string[]): void {
  expect([...messages].sort()).toEqual([...expected].sort());
}

/** Places an order and moves it along `steps`, one append per step as care would. */
async function orderWithSteps(store: EventStore, orderId: string, phone: string, steps: Array<{ type: string; data: Record<string, unknown> }>, locale?: 'bn') {
  let version = 0;
  for (const event of [orderPlaced(orderId, { phone, locale }), ...steps]) {
    await store.append(`order-${orderId}`, version === 0 ? 'no-stream' : version, [event], systemMetadata('test'));
    version += 1;
  }
}

describe('SMS through BullMQ and an HTTP gateway', () => {
  let redis: TestRedis;
  let gateway: SmsGatewayCapture;
  beforeAll(async () => {
    redis = await provideRedis();
    gateway = await startSmsGatewayCapture({ failFirst: 2 });
  });
  const server = useTestServer(() => ({
    env: { SEED_DEMO: 'false', REDIS_URL: redis.url, SMS_URL: gateway.url, SMS_API_KEY: 'test-key', SMS_SENDER_ID: 'TeeBazaar', APP_ORIGINS: ORIGIN },
  }));
  afterAll(async () => {
    await gateway?.stop();
    await redis?.close();
  });

  it('sends one SMS per status change in the order\'s language, though the gateway refused the first two tries', async () => {
    const store = server.app.get(EventStore);
    const english = newPhone();
    const bengali = newPhone();
    const cancelled = newPhone();
    const expired = newPhone();
    const [a, b, c, d] = [newOrderId(), newOrderId(), newOrderId(), newOrderId()];
    const lifecycle = (orderId: string) => [
      { type: 'OrderConfirmed', data: { orderId, at: at() } },
      { type: 'OrderProcessingStarted', data: { orderId, at: at() } },
      { type: 'OrderShipped', data: { orderId, at: at(), courier: 'Pathao', trackingCode: 'PT-48213' } },
      { type: 'OrderDelivered', data: { orderId, at: at() } },
    ];
    await orderWithSteps(store, a, english, lifecycle(a));
    await orderWithSteps(store, b, bengali, lifecycle(b), 'bn');
    await orderWithSteps(store, c, cancelled, [{ type: 'OrderCancelled', data: { orderId: c, at: at(), reason: 'Customer changed their mind' } }]);
    await orderWithSteps(store, d, expired, [{ type: 'OrderExpired', data: { orderId: d, at: at(), pendingHours: 48 } }]);

    const toEnglish = await gateway.waitForCount((sms) => sms.number === `88${english}`, 4, 60_000);
    const toBengali = await gateway.waitForCount((sms) => sms.number === `88${bengali}`, 4, 60_000);
    await gateway.waitForCount((sms) => sms.number === `88${cancelled}` || sms.number === `88${expired}`, 4, 60_000);
    await outboxSettled(server, 'sms', { redisUrl: redis.url }); // anything sent twice has arrived by now
    expect(gateway.refused).toBe(2);

    // Processing sends nothing (the shopper hears of confirmation and shipping); the others one each. (The
    // gateway's refusals delayed the first SMS, so they may arrive in any order.)
    expectOneEach(toEnglish.map((sms) => sms.message), [
      `Our store: We received your order ${a}. Total Tk 1160. We will call you to confirm it. Track: ${ORIGIN}/order-tracking?orderId=${a}`,
      `Our store: Your order ${a} is confirmed and will be shipped soon. ${ORIGIN}/order-tracking?orderId=${a}`,
      `Our store: Your order ${a} is on its way. Courier: Pathao, tracking code: PT-48213. ${ORIGIN}/order-tracking?orderId=${a}`,
      `Our store: Your order ${a} was delivered. Thank you for shopping with us!`,
    ]);
    expect(toEnglish.every((sms) => sms.type === 'text' && sms.apiKey === 'test-key' && sms.senderId === 'TeeBazaar')).toBe(true);
    expectOneEach(toBengali.map((sms) => sms.message), [
      // The long wording would not fit two Bengali parts with the link: the shorter one keeps the link whole.
      `Our store: অর্ডার ${b} পেয়েছি, মোট ১১৬০ টাকা। ট্র্যাক: ${ORIGIN}/order-tracking?orderId=${b}`,
      `Our store: আপনার অর্ডার ${b} নিশ্চিত হয়েছে, শীঘ্রই পাঠানো হবে। ${ORIGIN}/order-tracking?orderId=${b}`,
      `Our store: আপনার অর্ডার ${b} পাঠানো হয়েছে। কুরিয়ার: Pathao, ট্র্যাকিং কোড: PT-48213।`,
      `Our store: আপনার অর্ডার ${b} পৌঁছে গেছে। আমাদের সাথে কেনাকাটার জন্য ধন্যবাদ!`,
    ]);
    expect(toBengali.every((sms) => sms.type === 'unicode')).toBe(true);
    expectOneEach(gateway.to(cancelled).map((sms) => sms.message), [
      `Our store: We received your order ${c}. Total Tk 1160. We will call you to confirm it. Track: ${ORIGIN}/order-tracking?orderId=${c}`,
      `Our store: Your order ${c} was cancelled. Reason: Customer changed their mind`,
    ]);
    expectOneEach(gateway.to(expired).map((sms) => sms.message), [
      `Our store: We received your order ${d}. Total Tk 1160. We will call you to confirm it. Track: ${ORIGIN}/order-tracking?orderId=${d}`,
      `Our store: Your order ${d} was not confirmed in time and has expired. You are welcome to order again.`,
    ]);

    const rows = await query<{ status: string; attempts: number; recipient: string }>(server.databaseUrl, `SELECT status, attempts, recipient FROM sms_deliveries ORDER BY attempts DESC`);
    expect(rows).toHaveLength(12);
    expect(rows.every((row) => row.status === 'sent')).toBe(true);
    // The two refusals cost two extra tries (of one SMS, or one each of two sent side by side); the outbox row
    // names the number masked.
    expect(rows.reduce((sum, row) => sum + row.attempts, 0)).toBe(12 + 2);
    expect(rows.every((row) => /^01\d•+\d{3}$/.test(row.recipient))).toBe(true);
    // Each SMS reached the gateway with its delivery id as Idempotency-Key, once; the refused tries were
    // retries of SMS the gateway then accepted, under the same key.
    const deliveryIds = (await query<{ event_id: string }>(server.databaseUrl, `SELECT event_id FROM sms_deliveries`)).map((row) => row.event_id).sort();
    const byKey = gateway.byIdempotencyKey();
    expect([...byKey.keys()].sort()).toEqual(deliveryIds);
    expect([...byKey.values()].every((accepted) => accepted.length === 1)).toBe(true);
    expect(gateway.refusedKeys.every((key) => byKey.has(key))).toBe(true);
  });

  it('sends every SMS of a burst exactly once when Redis is restarted in the middle of it', async () => {
    const store = server.app.get(EventStore);
    const phones = Array.from({ length: 30 }, () => newPhone());
    const place = (phone: string) => store.append(`order-${newOrderId()}`, 'no-stream', [orderPlaced(newOrderId(), { phone })], systemMetadata('test'));
    await Promise.all(phones.slice(0, 10).map(place));
    const [{ now: stoppedAt }] = await query<{ now: Date }>(server.databaseUrl, 'SELECT now()');
    await redis.stop();
    try {
      await Promise.all(phones.slice(10, 20).map(place));
      // Redis comes back once the subscription has met it away (its batch rolled back, to be tried again).
      await subscriptionFailedSince(server.databaseUrl, stoppedAt);
    } finally {
      await redis.start();
    }
    await Promise.all(phones.slice(20).map(place));
    await gateway.waitForCount((sms) => phones.some((phone) => sms.number === `88${phone}`), 30, 60_000);
    await outboxSettled(server, 'sms', { redisUrl: redis.url });
    for (const phone of phones) expect(gateway.to(phone)).toHaveLength(1);
  });

  it('queues a burst of orders as a few batch jobs in Redis, not one job per SMS, and sends each SMS once', async () => {
    const store = server.app.get(EventStore);
    const orders = Array.from({ length: 20 }, () => ({ orderId: newOrderId(), phone: newPhone() }));
    await Promise.all(orders.map(({ orderId, phone }) => store.append(`order-${orderId}`, 'no-stream', [orderPlaced(orderId, { phone })], systemMetadata('test'))));
    await gateway.waitForCount((sms) => orders.some(({ phone }) => sms.number === `88${phone}`), 20, 60_000);
    await outboxSettled(server, 'sms', { redisUrl: redis.url });
    for (const { phone } of orders) expect(gateway.to(phone)).toHaveLength(1);

    const events = await query<{ event_id: string }>(
      server.databaseUrl,
      `SELECT event_id FROM events WHERE type = 'OrderPlaced' AND data->>'orderId' = ANY($1::text[])`,
      [orders.map(({ orderId }) => orderId)],
    );
    const ours = new Set(events.map((event) => event.event_id));
    expect(ours.size).toBe(20);
    const client = new IORedis(redis.url);
    try {
      const ids = await client.zrange('bull:sms:completed', 0, -1);
      const jobs = await Promise.all(ids.map(async (id) => JSON.parse((await client.hget(`bull:sms:${id}`, 'data')) ?? '{}') as { eventId?: string; batch?: Array<{ eventId: string }> }));
      const jobsOfBurst = jobs.filter((job) => (job.batch ?? [job]).some((each) => each.eventId !== undefined && ours.has(each.eventId)));
      // The first order wakes an idle subscription at once; the rest arrive while it is spaced (ADR 045).
      expect(jobsOfBurst.length).toBeGreaterThanOrEqual(1);
      expect(jobsOfBurst.length).toBeLessThanOrEqual(4);
      expect(new Set(jobsOfBurst.flatMap((job) => (job.batch ?? [job]).map((each) => each.eventId)))).toEqual(ours);
    } finally {
      client.disconnect();
    }
  });

  it('sends nothing when every projection is rebuilt from the log', async () => {
    const before = gateway.accepted.length;
    const [{ count: rowsBefore }] = await query<{ count: number }>(server.databaseUrl, 'SELECT count(*)::int AS count FROM sms_deliveries');
    const rebuilt = await server.app.get(ProjectionRunner).rebuildAll();
    expect(rebuilt.length).toBeGreaterThan(3);
    // Had the rebuild moved the SMS subscription back, it would have to pass the whole log again first.
    await outboxSettled(server, 'sms', { redisUrl: redis.url });
    expect(gateway.accepted.length).toBe(before);
    const [{ count: rowsAfter }] = await query<{ count: number }>(server.databaseUrl, 'SELECT count(*)::int AS count FROM sms_deliveries');
    expect(rowsAfter).toBe(rowsBefore);
  });

  it('shows the SMS queue beside mail in /api/metrics', async () => {
    const text = await (await fetch(`${server.baseUrl}/api/metrics`)).text();
    expect(text).toMatch(/store_queue_jobs\{queue="sms",state="[a-z]+"\} \d+/);
  });
});

describe('SMS without a gateway', () => {
  const server = useTestServer({ env: { SEED_DEMO: 'false' } });

  it('writes each SMS as a JSON file under DATA_DIR/sms with its encoding and parts', async () => {
    const phone = newPhone();
    const orderId = newOrderId();
    await server.app.get(EventStore).append(`order-${orderId}`, 'no-stream', [orderPlaced(orderId, { phone, locale: 'bn' })], systemMetadata('test'));
    const folder = join(server.dataDir, 'sms');
    const files = await waitForFiles(folder, '.json', 20_000, 100);
    expect(files).toHaveLength(1);
    const sms = JSON.parse(readFileSync(join(folder, files[0]), 'utf8'));
    expect(sms).toEqual({ to: phone, text: expect.stringContaining(`অর্ডার ${orderId} পেয়েছি`), encoding: 'UCS-2', segments: 2 });
  });
});
