import { randomBytes } from 'node:crypto';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import { findFreePort } from '../../server/config/embedded-postgres';
import {
  catalogProducts,
  deliveryCharges,
  openStoreFixture,
  setAvailableStock,
  type FixtureProduct,
  type StoreFixture,
} from '../support/store-fixture';
import { provideRedis, type TestRedis } from '../support/redis';
import { startSmtpCapture, type SmtpCapture } from '../support/smtp-capture';
import { startTestServer, type TestServer } from '../support/test-server';
import { outboxSettled } from '../support/outbox-settled';
import { recordFigures, sized } from './support/profile';

/**
 * Redis is killed in the middle of a burst of password-reset requests and checkouts, and started again
 * (empty, as after a crash without persistence) a few seconds later. Neither kind of request needs Redis:
 * both answer as usual, and every mail (one reset mail per customer, one order mail per order) arrives
 * exactly once — including those whose queue jobs died with Redis.
 */
const CUSTOMERS = sized(40, 300);
const ORDERS = sized(40, 300);
/** The burst's requests go out at this pace, so the outage falls in its middle. */
const BURST_SECONDS = sized(8, 24);
const KILL_AFTER_SECONDS = sized(2, 6);
const OUTAGE_SECONDS = sized(3, 5);
const IN_FLIGHT = 16;
const MAIL_WAIT_MS = sized(45_000, 240_000);
/**
 * Each SMTP reply is held back this long, like a distant provider: a send takes several round trips, so the
 * five mail workers fall behind the burst and jobs are still waiting in Redis when it dies.
 */
const SMTP_REPLY_DELAY_MS = 120;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A test address per burst index: every request of the burst comes from an address of its own (limits are per IP). */
const clientAddress = (block: number, index: number) => `198.${18 + block}.${Math.floor(index / 250)}.${(index % 250) + 1}`;

async function post(baseUrl: string, path: string, body: unknown, ip: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${baseUrl}/api/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip, ...headers },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as Json | null };
}

/** Runs `tasks` with at most `limit` at once. */
async function inParallel<T>(count: number, limit: number, task: (index: number) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, count) }, async () => {
      while (next < count) {
        const index = next++;
        results[index] = await task(index);
      }
    }),
  );
  return results;
}

/** A TCP relay to the capturing SMTP server that delays every chunk the server sends back. */
async function slowSmtpRelay(target: SmtpCapture, delayMs: number): Promise<{ url: string; close(): Promise<void> }> {
  const port = await findFreePort();
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const remote = connect(target.port, '127.0.0.1');
    for (const socket of [client, remote]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => undefined);
    }
    client.pipe(remote);
    remote.on('data', (chunk: Buffer) => void sleep(delayMs).then(() => client.writable && client.write(chunk)));
    remote.on('end', () => void sleep(delayMs).then(() => client.end()));
    client.on('close', () => remote.destroy());
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

interface BurstAnswer {
  kind: 'reset' | 'order';
  index: number;
  sentAt: number;
  status: number;
  body: Json | null;
}

describe('Redis killed and restarted during a burst of reset mails and checkouts', () => {
  let redis: TestRedis;
  let smtp: SmtpCapture;
  let smtpRelay: Awaited<ReturnType<typeof slowSmtpRelay>>;
  let server: TestServer;
  let fixture: StoreFixture;
  let product: FixtureProduct;
  let insideTaka: number;
  const run = randomBytes(3).toString('hex');
  const customerEmail = (index: number) => `reset.${run}.${index}@example.com`;
  const buyerEmail = (index: number) => `buyer.${run}.${index}@example.com`;

  beforeAll(async () => {
    redis = await provideRedis();
    smtp = await startSmtpCapture();
    smtpRelay = await slowSmtpRelay(smtp, SMTP_REPLY_DELAY_MS);
    server = await startTestServer({ env: { SMTP_URL: smtpRelay.url, REDIS_URL: redis.url, LOG_LEVEL: process.env.DEBUG_LOG ?? 'error' } });
    fixture = await openStoreFixture(server.databaseUrl);
    product = (await catalogProducts(fixture))[0];
    await setAvailableStock(fixture, product.id, product.sizes[0], ORDERS + 10);
    insideTaka = (await deliveryCharges(fixture)).insidePaisa / 100;
    const registered = await inParallel(CUSTOMERS, 8, (index) =>
      post(server.baseUrl, 'auth/register', { name: `Customer ${index}`, email: customerEmail(index), password: 'hilsa-curry-sunday-3' }, clientAddress(0, index)),
    );
    expect(registered.filter((answer) => answer.status !== 201)).toEqual([]);
  }, 180_000);

  afterAll(async () => {
    await fixture?.close();
    await server?.stop();
    await smtpRelay?.close();
    await smtp?.stop();
    await redis?.close();
  });

  it(`answers ${CUSTOMERS} reset requests and ${ORDERS} checkouts, and delivers every mail exactly once`, async () => {
    // Resets and checkouts interleaved, sent at an even pace over BURST_SECONDS.
    const tasks: Array<{ kind: BurstAnswer['kind']; index: number }> = [];
    for (let index = 0; index < Math.max(CUSTOMERS, ORDERS); index++) {
      if (index < CUSTOMERS) tasks.push({ kind: 'reset', index });
      if (index < ORDERS) tasks.push({ kind: 'order', index });
    }
    const gapMs = (BURST_SECONDS * 1000) / tasks.length;

    const started = performance.now();
    const seconds = () => (performance.now() - started) / 1000;
    let killedAt = Number.NaN;
    let restartedAt = Number.NaN;
    let mailsWaitingAtKill = Number.NaN;
    /** Requests answered before Redis died: each owes one mail. */
    let answeredBeforeKill = 0;
    const outage = (async () => {
      await sleep(KILL_AFTER_SECONDS * 1000);
      await redis.stop();
      killedAt = seconds();
      // Mails owed by requests already answered but not sent yet: queued (their jobs died with Redis) or still to
      // be queued by the subscription. Counted from the answers, so a subscription that has not written their
      // delivery rows yet (a busy machine) does not hide them.
      const [{ sent }] = await fixture.dataSource.query(`SELECT count(*)::int AS sent FROM mail_deliveries WHERE status = 'sent'`);
      mailsWaitingAtKill = answeredBeforeKill - sent;
      await sleep(OUTAGE_SECONDS * 1000);
      await redis.start();
      restartedAt = seconds();
    })();

    const answers = await inParallel(tasks.length, IN_FLIGHT, async (slot): Promise<BurstAnswer> => {
      const { kind, index } = tasks[slot];
      const due = slot * gapMs - (performance.now() - started);
      if (due > 0) await sleep(due);
      const sentAt = seconds();
      const answer =
        kind === 'reset'
          ? await post(server.baseUrl, 'public/send-verifymail-forgetpassword', { email: customerEmail(index) }, clientAddress(1, index))
          : await post(
              server.baseUrl,
              'public/confirm-order',
              {
                cart: [{ id: product.id, size: product.sizes[0], qty: 1 }],
                coupon: null,
                couponoffer: null,
                data: {
                  name: `Buyer ${index}`,
                  email: buyerEmail(index),
                  phone: `017${String(20_000_000 + index).slice(-8)}`,
                  address: 'Dhanmondi, Dhaka',
                  shipping_phone: `017${String(20_000_000 + index).slice(-8)}`,
                  devliery_charge: insideTaka,
                },
              },
              clientAddress(2, index),
              { 'idempotency-key': `${run}-order-${index}` },
            );
      if (Number.isNaN(killedAt) && (answer.status === 200 || answer.status === 201)) answeredBeforeKill += 1;
      return { kind, index, sentAt, ...answer };
    });
    await outage;
    const burstSeconds = seconds();

    const resets = answers.filter((answer) => answer.kind === 'reset');
    const orders = answers.filter((answer) => answer.kind === 'order');
    const sentDuringOutage = answers.filter((answer) => answer.sentAt >= killedAt && answer.sentAt < restartedAt).length;
    const serverErrors = answers.filter((answer) => answer.status >= 500);

    // Expected mails: one reset mail per customer, one order mail per order (each order carries an e-mail).
    const expected = new Map<string, RegExp>();
    for (let index = 0; index < CUSTOMERS; index++) expected.set(customerEmail(index), /Reset your/);
    for (let index = 0; index < ORDERS; index++) expected.set(buyerEmail(index), /order/i);
    const ours = () => smtp.mails.filter((mail) => mail.to.some((to) => expected.has(to)));
    const deadline = Date.now() + MAIL_WAIT_MS;
    while (new Set(ours().flatMap((mail) => mail.to)).size < expected.size && Date.now() < deadline) await sleep(250);
    const allArrivedAt = seconds();
    // Late duplicates (a job re-added, a retry) have arrived once the mail outbox can send nothing more (with
    // mails still missing, the assertions below say which).
    if (new Set(ours().flatMap((mail) => mail.to)).size === expected.size) await outboxSettled(server, 'mail', { redisUrl: redis.url });

    const received = ours();
    const perAddress = new Map<string, number>();
    for (const mail of received) for (const to of mail.to) perAddress.set(to, (perAddress.get(to) ?? 0) + 1);
    const missing = [...expected.keys()].filter((address) => !perAddress.has(address));
    const duplicated = [...perAddress.entries()].filter(([, count]) => count > 1).map(([address]) => address);
    const wrongSubject = received.filter((mail) => !expected.get(mail.to[0])!.test(mail.subject));
    const deliveries: Array<{ status: string; count: number }> = await fixture.dataSource.query(
      `SELECT status, count(*)::int AS count FROM mail_deliveries GROUP BY status ORDER BY status`,
    );

    recordFigures('redis-outage', {
      redis: redis.kind,
      customers: CUSTOMERS,
      requestsSent: answers.length,
      resetRequests: resets.length,
      resetAnswered200: resets.filter((answer) => answer.status === 200).length,
      checkoutsSent: orders.length,
      ordersPlaced: orders.filter((answer) => answer.status === 201).length,
      serverErrors: serverErrors.length,
      requestsSentDuringOutage: sentDuringOutage,
      burstSeconds: round(burstSeconds),
      redisKilledAtSecond: round(killedAt),
      outageSeconds: round(restartedAt - killedAt),
      mailsQueuedUnsentAtKill: mailsWaitingAtKill,
      mailsExpected: expected.size,
      mailsReceived: received.length,
      mailsMissing: missing.length,
      duplicateMails: received.length - perAddress.size,
      lastMailSecondsAfterRedisRestart: round(allArrivedAt - restartedAt),
      mailDeliveries: Object.fromEntries(deliveries.map((row) => [row.status, row.count])),
    });

    // The outage really fell inside the burst, with mails still owed when Redis died.
    expect(sentDuringOutage).toBeGreaterThan(0);
    expect(mailsWaitingAtKill).toBeGreaterThan(0);
    expect(answers.filter((answer) => answer.sentAt >= restartedAt).length).toBeGreaterThan(0);
    expect(serverErrors).toEqual([]);
    expect(resets.filter((answer) => answer.status !== 200)).toEqual([]);
    expect(orders.filter((answer) => answer.status !== 201 || typeof answer.body?.order_id !== 'string')).toEqual([]);
    expect(missing).toEqual([]);
    expect(duplicated).toEqual([]);
    expect(wrongSubject.map((mail) => `${mail.to.join(',')}: ${mail.subject}`)).toEqual([]);
    expect(deliveries).toEqual([{ status: 'sent', count: CUSTOMERS + ORDERS }]);
  }, sized(110_000, 480_000));
});

function round(value: number): number {
  return Math.round(value * 10) / 10;
}
