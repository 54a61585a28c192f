import { DataSource } from 'typeorm';
import { ProjectionRunner } from '../../server/event-store/projection-runner';
import { hashTable } from '../../server/event-store/table-hash';
import { rebuildProjection, useStaffApiStore } from '../support/api-store';
import { setAvailableStock } from '../support/store-fixture';

/**
 * Issue 27: `PhoneBlocked` / `PhoneUnblocked` kept the number (in the data and in the stream id
 * `phone-<number>`) and the staff's reason in the clear, for ever: after the number was erased they were still
 * in the event browser and in every backup. They are now sealed under the phone's key on a stream named by the
 * phone's pseudonym, so erasing the number shreds them; blocks written before are redacted at the erasure.
 */
describe('a blocked phone, erased', () => {
  const store = useStaffApiStore();
  const { call } = store;
  const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> => store.fixture.dataSource.query(text, params);
  /** Every stored row of the log as text: what the event browser and a backup hold. */
  const wholeLog = async () => JSON.stringify(await sql('SELECT stream_id, type, data, metadata FROM events ORDER BY global_position'));
  const phoneRiskHashes = async () => {
    await store.server.app.get(ProjectionRunner).waitUntilCaughtUp();
    const manager = store.server.app.get(DataSource).manager;
    return [await hashTable(manager, 'phone_risk'), await hashTable(manager, 'phone_risk_orders')];
  };

  /** A delivered order for the phone: what an erasure by phone finds (and the phone's block is about). */
  const deliveredOrderFor = async (phone: string) => {
    const [product] = store.products;
    await setAvailableStock(store.fixture, product.id, product.sizes[0], 20);
    const placed = await call('POST', '/api/public/confirm-order', undefined, {
      cart: [{ id: product.id, size: product.sizes[0], qty: 1 }],
      coupon: null,
      couponoffer: null,
      data: { name: 'Kamal Hossain', phone, address: 'Ward 4, Sylhet', shipping_phone: phone, devliery_charge: store.insideTaka, paymentMethod: 'cash' },
    });
    expect(placed.status).toBe(201);
    const orderId = placed.body.order_id as string;
    for (const path of ['confirm', 'start-processing', 'ship', 'deliver']) {
      expect((await call('POST', `/api/admin/orders/${orderId}/${path}`, store.tokens.care, path === 'ship' ? { courier: 'Pathao', tracking_code: 'PT-9' } : {})).status).toBe(200);
    }
    return orderId;
  };
  const block = (phone: string, reason: string, action = 'block') => call('POST', `/api/admin/phones/${phone}/${action}`, store.tokens.admin, { reason });
  const record = async (phone: string) => (await call('GET', `/api/admin/phones/${phone}`, store.tokens.care)).body.data;

  it('stores the block with neither the number nor the reason readable, keeps it working, and shreds it with the number', async () => {
    const phone = '01744000001';
    const reason = 'Refused 3 parcels, his brother 01744000002 called';
    await deliveredOrderFor(phone);
    expect((await block(phone, 'first block')).status).toBe(200);
    expect((await block(phone, 'paid the courier', 'unblock')).status).toBe(200);
    expect((await block(phone, reason)).status).toBe(200);

    // The stored rows: sealed boxes, on a stream that does not name the number.
    const stored = await sql<{ stream_id: string; data: Record<string, unknown>; metadata: Record<string, unknown> }>(
      `SELECT stream_id, data, metadata FROM events WHERE type IN ('PhoneBlocked', 'PhoneUnblocked') ORDER BY global_position`,
    );
    expect(stored).toHaveLength(3);
    for (const row of stored) {
      expect(row.stream_id).toMatch(/^phone-[A-Za-z0-9_-]{32}$/);
      expect(row.data).toEqual(expect.objectContaining({ phone: null, reason: null, _sealed: expect.objectContaining({ key: expect.stringMatching(/^phone:/) }) }));
      expect(row.metadata.note).toBeNull();
      expect(row.metadata.actor).toEqual(expect.objectContaining({ role: 'admin' }));
    }
    expect(new Set(stored.map((row) => row.stream_id)).size).toBe(1);
    let log = await wholeLog();
    for (const secret of [reason, 'paid the courier', 'first block']) expect(log).not.toContain(secret);
    expect(log).not.toContain(`phone-${phone}`);

    // Checkout and care still see the block, read from the sealed events, and it rebuilds to the same tables.
    expect(await record(phone)).toEqual(expect.objectContaining({ phone, blocked: true, block_reason: reason }));
    expect((await block(phone, 'twice')).status).toBe(409);
    const before = await phoneRiskHashes();
    expect(await rebuildProjection(store, 'phone-risk', 100)).toMatchObject({ state: 'done' });
    expect(await phoneRiskHashes()).toEqual(before);

    // Erasing the number shreds the blocks with it: nothing in the log reads them any more.
    const erased = await call('POST', '/api/admin/personal-data/erase', store.tokens.admin, { phone, reason: 'asked to be forgotten' });
    expect(erased.status).toBe(200);
    const browsed = await call('GET', `/api/admin/events/streams/${stored[0]!.stream_id}`, store.tokens.admin);
    expect(browsed.body.data).toHaveLength(3);
    expect(JSON.stringify(browsed.body)).not.toContain(phone);
    log = await wholeLog();
    for (const secret of [reason, phone, '1744000001']) expect(log).not.toContain(secret);
    expect(JSON.stringify(await sql('SELECT * FROM phone_risk'))).not.toContain(phone);
    // The stored rows did not change: deleting the key erased them.
    expect(await sql(`SELECT stream_id, data, metadata FROM events WHERE type IN ('PhoneBlocked', 'PhoneUnblocked') ORDER BY global_position`)).toEqual(stored);
    const afterErasure = await phoneRiskHashes();
    expect(await rebuildProjection(store, 'phone-risk', 100)).toMatchObject({ state: 'done' });
    expect(await phoneRiskHashes()).toEqual(afterErasure);

    // The number is forgotten, its block with it: admin may block it afresh (under a new key).
    expect(await record(phone)).toEqual(expect.objectContaining({ phone, blocked: false, placed: 0 }));
    expect((await block(phone, 'ordered again and refused')).status).toBe(200);
    expect(await record(phone)).toEqual(expect.objectContaining({ blocked: true, block_reason: 'ordered again and refused' }));
  });

  it('redacts the blocks recorded in the clear before sealing, stream id included, and honours them until then', async () => {
    const phone = '01744000003';
    const reason = 'Fake orders, legacy block';
    await deliveredOrderFor(phone);
    // A block as the store recorded it before issue 27: on `phone-<number>`, every field in the clear.
    const at = new Date().toISOString();
    await sql(
      `INSERT INTO events (event_id, stream_id, stream_position, type, data, metadata) VALUES (gen_random_uuid(), $1, 1, 'PhoneBlocked', $2, $3)`,
      [`phone-${phone}`, JSON.stringify({ phone, at, reason }), JSON.stringify({ actor: { id: 'admin', role: 'admin', name: 'Admin' }, note: reason })],
    );
    await store.server.app.get(ProjectionRunner).waitUntilCaughtUp();
    expect(await record(phone)).toEqual(expect.objectContaining({ blocked: true, block_reason: reason }));
    // The old block counts for the decider: blocking again is refused, unblocking and blocking go to the new stream.
    expect((await block(phone, 'again')).status).toBe(409);
    expect((await block(phone, 'paid', 'unblock')).status).toBe(200);
    expect((await block(phone, 'refused once more')).status).toBe(200);
    expect(await sql(`SELECT type FROM events WHERE stream_id = $1 ORDER BY stream_position`, [`phone-${phone}`])).toEqual([{ type: 'PhoneBlocked' }]);

    const erased = await call('POST', '/api/admin/personal-data/erase', store.tokens.admin, { phone, reason: 'asked to be forgotten' });
    expect(erased.status).toBe(200);
    const log = await wholeLog();
    for (const secret of [reason, 'refused once more', phone, '1744000003']) expect(log).not.toContain(secret);
    const [legacy] = await sql<{ stream_id: string; data: Record<string, unknown>; metadata: Record<string, unknown> }>(
      `SELECT stream_id, data, metadata FROM events WHERE type = 'PhoneBlocked' AND data->>'at' = $1`,
      [at],
    );
    expect(legacy.stream_id).toMatch(/^phone-erased-[0-9a-f]{32}$/);
    expect(legacy.data).toEqual({ phone: '[erased]', at, reason: '[erased]' });
    expect(legacy.metadata.note).toBe('[erased]');
    expect(JSON.stringify(await sql('SELECT * FROM phone_risk'))).not.toContain(phone);
    expect((await block(phone, 'blocked afresh')).status).toBe(200);
  });
});
