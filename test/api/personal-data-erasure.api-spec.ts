import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import IORedis from 'ioredis';
import sharp from 'sharp';
import { DataSource } from 'typeorm';
import { ProjectionRegistry } from '../../server/event-store/projection-registry';
import { ProjectionRunner } from '../../server/event-store/projection-runner';
import { hashTable } from '../../server/event-store/table-hash';
import { apiCaller, type Json } from '../support/api-caller';
import { provideRedis, type TestRedis } from '../support/redis';
import { startSmsGatewayCapture, type SmsGatewayCapture } from '../support/sms-gateway-capture';
import {
  availableStock,
  catalogProducts,
  deliveryCharges,
  openStoreFixture,
  setAvailableStock,
  type FixtureProduct,
  type StoreFixture,
} from '../support/store-fixture';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * Issue 21: a customer who placed orders (with mail written, jobs on Redis, logs kept) deletes their account.
 * Afterwards no table, no event, no Redis key or value, no file under the data folder and no log line holds
 * their name, phone, e-mail or address; every projection still rebuilds; sales totals and stock are unchanged.
 */
describe('erasing a customer', () => {
  const NAME = 'Shahana Parvin';
  const PHONE = '01744556677';
  const EMAIL = `shahana.parvin.${Date.now()}@gmail.com`;
  const ADDRESS = 'House 41, Road 9, Mirpur DOHS, Dhaka';
  // Written today, after the order was placed: a changed address and phone, care's words about her.
  const NEW_ADDRESS = 'Flat 7B, Sharifa Tower, Banani Road 11, Dhaka';
  const NEW_PHONE = '01744556688';
  const CARE_WORDS = 'Shahana asked to leave it with the Mirpur DOHS guard';
  const PASSWORD = 'a long shopper passphrase';
  const output: string[] = [];
  const writes = { stdout: process.stdout.write.bind(process.stdout), stderr: process.stderr.write.bind(process.stderr) };
  let redis: TestRedis;
  let gateway: SmsGatewayCapture;
  let server: TestServer;
  let fixture: StoreFixture;
  let products: FixtureProduct[];
  let insideTaka: number;
  const { call, login } = apiCaller(() => server.baseUrl);
  const staff: Record<string, string> = {};

  beforeAll(async () => {
    // Every log line of the server, at the most verbose level, is kept to be searched.
    for (const stream of ['stdout', 'stderr'] as const) {
      (process[stream] as { write: unknown }).write = (chunk: unknown, ...rest: unknown[]) => {
        output.push(String(chunk));
        if (/^\{"level":"[a-z]+","time":/.test(String(chunk)) && !process.env.LOG_LEVEL) return true;
        return (writes[stream] as (...args: unknown[]) => boolean)(chunk, ...rest);
      };
    }
    redis = await provideRedis();
    gateway = await startSmsGatewayCapture();
    server = await startTestServer({ env: { REDIS_URL: redis.url, LOG_LEVEL: 'verbose', SMS_URL: gateway.url } });
    fixture = await openStoreFixture(server.databaseUrl);
    products = await catalogProducts(fixture);
    insideTaka = (await deliveryCharges(fixture)).insidePaisa / 100;
    staff.admin = (await login('admin@teebazaar.test', 'TeeBazaar-Admin-2026!')).access_token;
    staff.care = (await login('care@teebazaar.test', 'TeeBazaar-Care-2026!')).access_token;
  });
  afterAll(async () => {
    await fixture?.close();
    await server?.stop();
    await redis?.close();
    await gateway?.stop();
    process.stdout.write = writes.stdout;
    process.stderr.write = writes.stderr;
  });

  const until = async <T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> => {
    for (let tries = 0; tries < 150; tries++) {
      const value = await read();
      if (done(value)) return value;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`timed out waiting for ${what}`);
  };
  const mailFiles = () => {
    try {
      return readdirSync(join(server.dataDir, 'mail'));
    } catch {
      return [];
    }
  };
  const needles = () => [NAME, PHONE, EMAIL, ADDRESS, NEW_ADDRESS, NEW_PHONE, CARE_WORDS].map((needle) => needle.toLowerCase());
  const found: string[] = [];
  const search = (where: string, text: string) => {
    const lower = text.toLowerCase();
    for (const needle of needles()) if (lower.includes(needle)) found.push(`${where}: ${needle}`);
  };
  const userIdOf = (token: string) => (JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')) as { sub: string }).sub;
  const sales = async () => (await fixture.dataSource.query(`SELECT count(*)::int AS orders, sum(coalesce(grand_total_paisa, amount_paisa))::int AS paisa FROM order_details`))[0];

  it('erases their name, phone, e-mail and address from every table, the events, Redis, mail files and logs', async () => {
    const [product, other] = products;
    await setAvailableStock(fixture, product.id, product.sizes[0], 30);
    await setAvailableStock(fixture, other.id, other.sizes[0], 30);
    expect((await call('POST', '/api/auth/register', undefined, { name: NAME, email: EMAIL, password: PASSWORD })).status).toBe(201);
    const token = (await login(EMAIL, PASSWORD)).access_token;
    expect((await call('POST', '/api/user/updateUserFrontend', token, { name: NAME, phone_number: PHONE })).status).toBe(200);
    // She proves the number with the code sent to it: only then are its guest orders hers (ADR 057).
    expect((await call('POST', '/api/user/phone-code', token, { phone: PHONE })).status).toBe(200);
    const [codeSms] = await gateway.waitForCount((sms) => sms.number === `88${PHONE}`, 1, 30_000);
    expect((await call('POST', '/api/user/verify-phone', token, { phone: PHONE, code: codeSms.message.slice(0, 6) })).body.user).toEqual(
      expect.objectContaining({ phone_number: PHONE, phone_verified: true }),
    );
    const checkout = async (as: string | undefined, coupon: string | null, sku: FixtureProduct) => {
      const answer = await call('POST', '/api/public/confirm-order', as, {
        cart: [{ id: sku.id, size: sku.sizes[0], qty: 2 }],
        coupon,
        couponoffer: null,
        data: { name: NAME, email: EMAIL, phone: PHONE, address: ADDRESS, shipping_phone: PHONE, devliery_charge: insideTaka, paymentMethod: 'cash' },
      });
      expect(answer.status).toBe(201);
      return answer.body.order_id as string;
    };
    const delivered = await checkout(token, 'WELCOME10', product);
    const cancelled = await checkout(token, null, other);
    const guest = await checkout(undefined, null, other);
    const step = (orderId: string, path: string, body: Json = {}) => call('POST', `/api/admin/orders/${orderId}/${path}`, staff.care, body);
    expect((await step(delivered, 'call', { outcome: 'confirmed', note: `${CARE_WORDS} (call)` })).status).toBe(200);
    expect((await step(delivered, 'confirm', { note: `${CARE_WORDS} (confirm)` })).status).toBe(200);
    expect((await step(delivered, 'shipping', { address: NEW_ADDRESS, shipping_phone: NEW_PHONE, reason: `${CARE_WORDS} (amend)` })).status).toBe(200);
    expect((await step(delivered, 'notes', { note: `${CARE_WORDS} (note)` })).status).toBe(200);

    // While an order is in progress the erasure is refused, naming the orders.
    expect((await call('POST', '/api/customer/delete-account', token, { password: PASSWORD })).body).toEqual(
      expect.objectContaining({ message: `Orders ${delivered}, ${cancelled}, ${guest} are still in progress. Personal data can be erased once they are delivered or cancelled.` }),
    );
    for (const path of ['start-processing', 'ship', 'deliver']) expect((await step(delivered, path, path === 'ship' ? { courier: 'Pathao', tracking_code: 'PT-9' } : {})).status).toBe(200);
    // Issue 35: she attaches a photo of a delivered unit for a return (kept under the order's folder of return photos).
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 90, g: 90, b: 200 } } }).jpeg().toBuffer())], { type: 'image/jpeg' }), 'photo.jpg');
    const uploaded = await fetch(`${server.baseUrl}/api/public/orders/${delivered}/returns/photos`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    expect(uploaded.status).toBe(201);
    const photos = join(server.dataDir, 'uploads', 'returns', delivered);
    expect(readdirSync(photos)).toHaveLength(1);
    // She cancels one herself (her own action on the log), care the other.
    expect((await call('POST', '/api/public/cancel-order', token, { orderId: cancelled })).status).toBe(200);
    expect((await step(guest, 'cancel', { reason: `${CARE_WORDS} (cancel)` })).status).toBe(200);
    // Mail was written for her (order received, confirmed, shipped ...), through the Redis queue.
    await until(async () => mailFiles().length, (count) => count >= 4, 'the order mails');
    const runner = server.app.get(ProjectionRunner);
    await runner.waitUntilCaughtUp();
    const dataSource = server.app.get(DataSource);
    const stockBefore = await hashTable(dataSource.manager, 'sku_stock');
    const salesBefore = await sales();
    const stock = [await availableStock(fixture, product.id, product.sizes[0]), await availableStock(fixture, other.id, other.sizes[0])];
    expect(JSON.stringify(await fixture.dataSource.query('SELECT * FROM order_details'))).toContain(NEW_ADDRESS); // it was there
    // Her events as stored, byte for byte: all written today, so the erasure must not touch one of them.
    const herEvents = () =>
      fixture.dataSource.query(
        `SELECT global_position::text AS position, type, data::text AS data, metadata::text AS metadata FROM events
          WHERE (stream_id = ANY($1::text[]) OR data->>'orderId' = ANY($2::text[]) OR metadata->'actor'->>'id' = $3) AND stream_id NOT LIKE 'erasure-%'
          ORDER BY global_position`,
        [[delivered, cancelled, guest].map((id) => `order-${id}`), [delivered, cancelled, guest], userIdOf(token)],
      ) as Promise<Array<{ position: string; type: string; data: string; metadata: string }>>;
    const storedBefore = await herEvents();
    expect(storedBefore.map((row) => row.type)).toEqual(
      expect.arrayContaining(['OrderPlaced', 'ConfirmationCallRecorded', 'ShippingDetailsChanged', 'OrderNoteAdded', 'OrderCancelled', 'CouponRedeemed', 'StockReleased']),
    );
    for (const row of storedBefore) search(`stored ${row.type}`, row.data + row.metadata);
    expect(found).toEqual([]); // sealed at append: nothing of her in the clear, not even the actor's name
    const timelineOf = async (orderId: string) => (await call('GET', `/api/admin/orders/${orderId}`, staff.care)).body as Json;
    expect(JSON.stringify(await timelineOf(delivered))).toContain(`${CARE_WORDS} (amend)`); // care reads them while they exist

    expect((await call('POST', '/api/customer/delete-account', token, { password: 'not my password' }))).toEqual({
      status: 422,
      body: expect.objectContaining({ errors: { password: ['The password is not right.'] } }),
    });
    const erased = await call('POST', '/api/customer/delete-account', token, { password: PASSWORD });
    expect(erased).toEqual({ status: 200, body: expect.objectContaining({ success: true, message: expect.stringContaining('3 past order(s)') }) });

    // Her return photos are gone with her.
    expect(existsSync(photos)).toBe(false);
    // Shredded by deleting keys: not one of her events was edited, and what they held reads [erased].
    expect(await herEvents()).toEqual(storedBefore);
    const page = await timelineOf(delivered);
    expect(JSON.stringify(page)).not.toContain(CARE_WORDS);
    const timeline = page.timeline as Array<{ event: string; note: string | null; details: Record<string, unknown> }>;
    const notes = timeline.map((entry) => entry.note).filter(Boolean);
    expect(notes.length).toBeGreaterThanOrEqual(3);
    expect(new Set(notes)).toEqual(new Set(['[erased]']));
    expect(timeline.find((entry) => entry.event === 'ShippingDetailsChanged')?.details).toEqual(
      // Issue 31: the address and phone the change replaced are the person's too.
      expect.objectContaining({ address: '[erased]', shippingPhone: '[erased]', previousAddress: '[erased]', previousShippingPhone: '[erased]' }),
    );

    // Nothing readable is left anywhere.
    const tables: Array<{ name: string }> = await fixture.dataSource.query(`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public'`);
    expect(tables.map((table) => table.name)).toEqual(expect.arrayContaining(['events', 'users', 'order_details', 'phone_risk', 'lucky_draw_tokens', 'mail_deliveries']));
    for (const { name } of tables) {
      const rows: Array<{ row: string }> = await fixture.dataSource.query(`SELECT t::text AS row FROM "${name}" AS t`);
      for (const { row } of rows) search(`table ${name}`, row);
    }
    const client = new IORedis(redis.url, { maxRetriesPerRequest: 1 });
    try {
      for (const key of await client.keys('*')) {
        search('redis key', key);
        const type = await client.type(key);
        const value =
          type === 'string' ? await client.get(key)
          : type === 'hash' ? JSON.stringify(await client.hgetall(key))
          : type === 'list' ? JSON.stringify(await client.lrange(key, 0, -1))
          : type === 'set' ? JSON.stringify(await client.smembers(key))
          : type === 'zset' ? JSON.stringify(await client.zrange(key, 0, -1))
          : type === 'stream' ? JSON.stringify(await client.xrange(key, '-', '+'))
          : '';
        search(`redis ${key}`, value ?? '');
      }
    } finally {
      client.disconnect();
    }
    const walk = (folder: string): string[] =>
      readdirSync(folder).flatMap((entry) => {
        const path = join(folder, entry);
        return statSync(path).isDirectory() ? walk(path) : [path];
      });
    for (const file of walk(server.dataDir)) search(`file ${file}`, readFileSync(file, 'latin1'));
    expect(output.length).toBeGreaterThan(10);
    search('logs', output.join(''));
    expect(found).toEqual([]);

    // Every projection still rebuilds, to the same tables; sales and stock are what they were.
    const registry = server.app.get(ProjectionRegistry);
    const hashes = async () => {
      const result: Record<string, string> = {};
      for (const projection of registry.list()) for (const table of projection.tables) result[table] = await hashTable(dataSource.manager, table);
      return result;
    };
    const live = await hashes();
    await runner.rebuildAll();
    expect(await hashes()).toEqual(live);
    expect(await hashTable(dataSource.manager, 'sku_stock')).toBe(stockBefore);
    expect(await sales()).toEqual(salesBefore);
    expect([await availableStock(fixture, product.id, product.sizes[0]), await availableStock(fixture, other.id, other.sizes[0])]).toEqual(stock);
    // The account is gone (asked last: a failed sign-in counts the typed address for a day, ADR 053).
    expect((await call('POST', '/api/auth/userLogin', undefined, { email: EMAIL, password: PASSWORD })).status).toBe(401);
    // Her orders are still there, without her.
    const [row] = await fixture.dataSource.query('SELECT customer_name, phone, address, email, status FROM order_details WHERE order_id = $1', [delivered]);
    expect(row).toEqual({ customer_name: '[erased]', phone: '[erased]', address: '[erased]', email: '[erased]', status: 'delivered' });
  });
});
