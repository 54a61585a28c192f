import { DataSource } from 'typeorm';
import { ProjectionRunner } from '../../server/event-store/projection-runner';
import { hashTable } from '../../server/event-store/table-hash';
import { rebuildProjection, useStaffApiStore } from '../support/api-store';
import { setAvailableStock, type FixtureProduct } from '../support/store-fixture';

const BLOCKED = 'We cannot take orders for this phone number. Please call our customer care.';

/** Issue 14: the per-phone risk record on care's pages, blocking a phone, and the confirmation call's outcome. */
describe('risk per phone', () => {
  const store = useStaffApiStore();
  const { call } = store;
  let product: FixtureProduct;
  beforeAll(async () => {
    [product] = store.products;
    await setAvailableStock(store.fixture, product.id, product.sizes[0], 100);
  });

  const order = (phone: string, shippingPhone = phone) =>
    call('POST', '/api/public/confirm-order', undefined, {
      cart: [{ id: product.id, size: product.sizes[0], qty: 1 }],
      coupon: null,
      couponoffer: null,
      data: { name: 'Rina Akter', phone, address: 'Khulna', shipping_phone: shippingPhone, devliery_charge: store.insideTaka, paymentMethod: 'cash' },
    });
  const step = (orderId: string, path: string, body: unknown = {}) => call('POST', `/api/admin/orders/${orderId}/${path}`, store.tokens.care, body);
  const until = async <T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> => {
    for (let tries = 0; ; tries++) {
      const value = await read();
      if (done(value) || tries > 100) return value;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  it("counts a phone's orders, deliveries, returns and cancellations, shown on the order page and as the list badge", async () => {
    const phone = '01820000001';
    const ids: string[] = [];
    for (let index = 0; index < 5; index++) ids.push((await order(phone, index === 4 ? '01820000009' : phone)).body.order_id);
    const ship = { courier: 'Pathao', tracking_code: 'PT-1' };
    for (const id of ids.slice(0, 3)) {
      for (const path of ['confirm', 'start-processing', 'ship', 'deliver']) expect((await step(id, path, path === 'ship' ? ship : {})).status).toBe(200);
    }
    for (const id of ids.slice(0, 2)) expect((await step(id, 'return', { reason: 'refused at the door' })).status).toBe(200);
    expect((await step(ids[3], 'cancel', { reason: 'fake order' })).status).toBe(200);

    const view = await until(
      async () => (await call('GET', `/api/admin/orders/${ids[4]}`, store.tokens.care)).body,
      (body) => body.phone_risk?.[0]?.cancelled === 1 && body.phone_risk[0].returned === 2,
    );
    expect(view.phone_risk).toEqual([
      expect.objectContaining({ phone, placed: 5, delivered: 3, returned: 2, cancelled: 1, expired: 0, last_order_id: ids[4], blocked: false, badge: '2 of 5 returned' }),
      expect.objectContaining({ phone: '01820000009', placed: 1, returned: 0, badge: '0 of 1 returned' }),
    ]);
    const list = await call('GET', `/api/admin/orders?phone=${phone}`, store.tokens.care);
    expect(list.status).toBe(200);
    expect(list.body.data.map((row: { phone_risk: { badge: string } }) => row.phone_risk.badge)).toEqual(ids.map(() => '2 of 5 returned'));
  });

  it('lets admin block a phone with a reason: its checkouts are refused with their own message until admin unblocks it', async () => {
    const phone = '01820000002';
    expect((await call('POST', `/api/admin/phones/${phone}/block`, store.tokens.care, { reason: 'fake orders' })).status).toBe(403);
    expect((await call('POST', `/api/admin/phones/${phone}/block`, store.tokens.admin, {})).status).toBe(422);
    const blocked = await call('POST', `/api/admin/phones/${phone}/block`, store.tokens.admin, { reason: 'refused three parcels' });
    expect(blocked).toEqual({ status: 200, body: expect.objectContaining({ success: true, phone, blocked: true }) });
    expect((await call('POST', `/api/admin/phones/${phone}/block`, store.tokens.admin, { reason: 'again' })).status).toBe(409);

    const refused = await order(phone);
    expect(refused).toEqual({ status: 403, body: { success: false, code: 'phone-blocked', message: BLOCKED, errors: { phone: [BLOCKED] }, fields: { phone: ['phone-blocked'] } } });
    // As shipping phone too.
    expect((await order('01820000003', phone)).body.message).toBe(BLOCKED);
    const record = await call('GET', `/api/admin/phones/${phone}`, store.tokens.care);
    expect(record.body.data).toEqual(expect.objectContaining({ phone, blocked: true, block_reason: 'refused three parcels', placed: 0 }));

    expect((await call('POST', `/api/admin/phones/${phone}/unblock`, store.tokens.admin, { reason: 'paid the courier' })).status).toBe(200);
    expect((await order(phone)).status).toBe(201);
    // One stream, named by the phone's pseudonym; the note is sealed with the number (issue 27, phone-block-erasure.api-spec.ts).
    const events: Array<{ stream: string; type: string; actor: string; note: string | null }> = await store.fixture.dataSource.query(
      `SELECT stream_id AS stream, type, metadata->'actor'->>'role' AS actor, metadata->>'note' AS note FROM events WHERE type IN ('PhoneBlocked', 'PhoneUnblocked') ORDER BY global_position`,
    );
    expect(events).toEqual([
      { stream: expect.stringMatching(/^phone-/), type: 'PhoneBlocked', actor: 'admin', note: null },
      { stream: events[0]!.stream, type: 'PhoneUnblocked', actor: 'admin', note: null },
    ]);
    expect(events[0]!.stream).not.toContain(phone);
  });

  it("records the confirmation call's outcome on the timeline, and refuses an unknown outcome recording nothing", async () => {
    const { order_id: orderId } = (await order('01820000004')).body;
    expect((await step(orderId, 'call', { outcome: 'not_reached' })).status).toBe(200);
    expect((await step(orderId, 'call', { outcome: 'reached', note: 'will call back after Asr' })).status).toBe(200);
    const bad = await step(orderId, 'call', { outcome: 'maybe' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.outcome).toEqual(['The outcome must be reached, not_reached, confirmed or refused.']);
    const view = await until(
      async () => (await call('GET', `/api/admin/orders/${orderId}`, store.tokens.care)).body,
      (body) => body.timeline.length === 3,
    );
    expect(view.timeline.map((entry: { event: string; details: unknown; note: string | null; actor: { role: string } }) => [entry.event, entry.details, entry.note, entry.actor.role])).toEqual([
      ['OrderPlaced', expect.anything(), null, 'guest'],
      ['ConfirmationCallRecorded', { outcome: 'not_reached' }, null, 'care'],
      ['ConfirmationCallRecorded', { outcome: 'reached' }, 'will call back after Asr', 'care'],
    ]);
    expect(view.expires_at).toEqual(expect.any(String));
    expect(new Date(view.expires_at).getTime() - new Date(view.orderrow.order_date).getTime()).toBeGreaterThan(47 * 3_600_000);
  });

  it('rebuilds the risk record from the events to the same content', async () => {
    await store.server.app.get(ProjectionRunner).waitUntilCaughtUp();
    const manager = store.server.app.get(DataSource).manager;
    const before = [await hashTable(manager, 'phone_risk'), await hashTable(manager, 'phone_risk_orders')];
    const [{ n }] = await store.fixture.dataSource.query(`SELECT count(*)::int AS n FROM phone_risk`);
    expect(n).toBeGreaterThan(3);
    expect(await rebuildProjection(store, 'phone-risk', 100)).toMatchObject({ state: 'done' });
    expect([await hashTable(manager, 'phone_risk'), await hashTable(manager, 'phone_risk_orders')]).toEqual(before);
  });
});
