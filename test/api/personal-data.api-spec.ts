import { EventStore } from '../../server/event-store/event-store';
import { ProjectionRunner } from '../../server/event-store/projection-runner';
import { useStaffApiStore } from '../support/api-store';
import { setAvailableStock } from '../support/store-fixture';

/** Issue 21: a customer downloads everything the store holds about them; care does it for a phone number. */
describe('personal-data export', () => {
  const store = useStaffApiStore();
  const { call, login } = store;
  const phone = '01733000001';
  const address = 'House 7, Road 3, Uttara, Dhaka';
  let orderId: string;
  let guestOrderId: string;
  let token: string;

  beforeAll(async () => {
    const [product] = store.products;
    await setAvailableStock(store.fixture, product.id, product.sizes[0], 20);
    const email = `export-${Date.now()}@gmail.com`;
    expect((await call('POST', '/api/auth/register', undefined, { name: 'Farhana Islam', email, password: 'a long shopper passphrase' })).status).toBe(201);
    token = (await login(email, 'a long shopper passphrase')).access_token;
    const place = async (as?: string) =>
      (
        await call('POST', '/api/public/confirm-order', as, {
          cart: [{ id: product.id, size: product.sizes[0], qty: 1 }],
          coupon: null,
          couponoffer: null,
          data: { name: 'Farhana Islam', email, phone, address, shipping_phone: phone, devliery_charge: store.insideTaka, paymentMethod: 'cash' },
        })
      ).body.order_id as string;
    orderId = await place(token);
    guestOrderId = await place();
  });

  it("gives the signed-in customer their account, its history and the orders placed from it, and nobody else's", async () => {
    const answer = await call('GET', '/api/customer/personal-data', token);
    expect(answer.status).toBe(200);
    const data = answer.body.data;
    expect(data.accounts).toEqual([expect.objectContaining({ name: 'Farhana Islam', role: 'customer', phone_number: null, phone_verified: false })]);
    expect(data.accounts[0]).not.toHaveProperty('password_hash');
    expect(data.account_history.map((entry: { event: string }) => entry.event)).toEqual(['CustomerRegistered']);
    expect(data.orders).toEqual([
      expect.objectContaining({ order_id: orderId, customer_name: 'Farhana Islam', phone, address, status: 'pending', items: [expect.objectContaining({ qty: 1 })] }),
    ]);
    // A number typed in an order may be anybody's: its record (counts, a block and its note) is shown only for a
    // number the account proved (ADR 057), which this one has not.
    expect(data.phone_records).toEqual([]);

    const other = await call('GET', '/api/customer/personal-data', store.tokens.customer);
    expect(other.body.data.orders).toEqual([]);
    expect(JSON.stringify(other.body.data)).not.toContain('Farhana');
    expect((await call('GET', '/api/customer/personal-data')).status).toBe(401);
  });

  it("gives care a phone number's orders, as contact or shipping phone, guest ones included; a bad number is a 422", async () => {
    const answer = await call('GET', `/api/admin/personal-data?phone=${encodeURIComponent('+880 1733-000001')}`, store.tokens.care);
    expect(answer.status).toBe(200);
    expect(answer.body.data.subject).toEqual({ kind: 'phone', phone });
    expect(answer.body.data.orders.map((order: { order_id: string }) => order.order_id).sort()).toEqual([orderId, guestOrderId].sort());
    expect((await call('GET', '/api/admin/personal-data?phone=12345', store.tokens.care))).toEqual({
      status: 422,
      body: expect.objectContaining({ message: 'The phone number must be an 11-digit mobile number starting with 01.' }),
    });
    expect((await call('GET', `/api/admin/personal-data?phone=${phone}`, token)).status).toBe(403);
  });

  it('holds an order placed a moment before in the phone records too, though they are a projection', async () => {
    const runner = store.server.app.get(ProjectionRunner);
    const other = '01733000009';
    const [product] = store.products;
    // The projections stand still while the order is placed: its phone record exists only in the log.
    await runner.stop();
    try {
      const placed = await call('POST', '/api/public/confirm-order', undefined, {
        cart: [{ id: product.id, size: product.sizes[0], qty: 1 }],
        coupon: null,
        couponoffer: null,
        data: { name: 'Sadia Rahman', email: '', phone: other, address, shipping_phone: other, devliery_charge: store.insideTaka, paymentMethod: 'cash' },
      });
      expect(placed.status).toBe(201);
      // The projections start again once the export is waiting for them.
      const waits = jest.spyOn(runner, 'waitUntilCaughtUp');
      const asked = call('GET', `/api/admin/personal-data?phone=${other}`, store.tokens.care);
      for (const deadline = Date.now() + 30_000; waits.mock.calls.length === 0 && Date.now() < deadline; ) await new Promise((resolve) => setTimeout(resolve, 20));
      waits.mockRestore();
      await runner.start();
      const answer = await asked;
      expect(answer.body.data.orders.map((order: { order_id: string }) => order.order_id)).toEqual([placed.body.order_id]);
      expect(answer.body.data.phone_records).toEqual([expect.objectContaining({ phone: other, placed: 1 })]);
    } finally {
      await runner.start();
    }
  });

  it("lets admin erase a phone number's data with a reason, once its orders are finished", async () => {
    const erase = (token: string, body: unknown) => call('POST', '/api/admin/personal-data/erase', token, body);
    expect((await erase(store.tokens.care, { phone, reason: 'asked by phone' })).status).toBe(403);
    expect((await erase(store.tokens.admin, { phone })).body.errors).toEqual({ reason: ['A reason is required.'] });
    expect((await erase(store.tokens.admin, { phone: '01799999990', reason: 'asked by phone' })).status).toBe(404);
    const refused = await erase(store.tokens.admin, { phone, reason: 'asked by phone' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain(orderId);
    for (const id of [orderId, guestOrderId]) {
      expect((await call('POST', `/api/admin/orders/${id}/cancel`, store.tokens.care, { reason: 'customer asked' })).status).toBe(200);
    }
    // An order recorded before sealing existed: its events hold the person in the clear (a store's old log).
    const [placed] = await store.server.app.get(EventStore).readStream(`order-${guestOrderId}`);
    const legacyId = 'LEGACY21';
    await store.fixture.dataSource.query(
      `INSERT INTO events (event_id, stream_id, stream_position, type, data, metadata)
       VALUES (gen_random_uuid(), $1, 1, 'OrderPlaced', $2, $4), (gen_random_uuid(), $1, 2, 'OrderCancelled', $3, $4)`,
      [
        `order-${legacyId}`,
        JSON.stringify({ ...(placed.data as object), orderId: legacyId, luckyDrawTokens: [] }),
        JSON.stringify({ orderId: legacyId, at: new Date().toISOString(), reason: 'old order' }),
        JSON.stringify(placed.metadata),
      ],
    );
    await store.server.app.get(ProjectionRunner).waitUntilCaughtUp();
    const legacy = `SELECT data::text FROM events WHERE stream_id = 'order-${legacyId}'`;
    expect(JSON.stringify(await store.fixture.dataSource.query(legacy))).toContain(address);
    const erased = await erase(store.tokens.admin, { phone: '+880 1733-000001', reason: 'asked by phone to be forgotten' });
    expect(erased).toEqual({ status: 200, body: expect.objectContaining({ success: true, phone, accounts_deleted: 1 }) });
    expect(erased.body.orders.sort()).toEqual([orderId, guestOrderId, legacyId].sort());
    // The clear one is redacted in place: its amounts stay, its person does not.
    const [redacted] = await store.fixture.dataSource.query(`SELECT data FROM events WHERE stream_id = 'order-${legacyId}' AND type = 'OrderPlaced'`);
    expect(redacted.data.customer).toEqual(expect.objectContaining({ name: '[erased]', phone: '[erased]', address: '[erased]', email: '[erased]' }));
    expect(redacted.data.totals).toEqual((placed.data as { totals: unknown }).totals);
    // Nothing about the number is left to export; the orders stay, without the person.
    const after = await call('GET', `/api/admin/personal-data?phone=${phone}`, store.tokens.care);
    expect(after.body.data).toEqual(expect.objectContaining({ accounts: [], orders: [], phone_records: [] }));
    const [row] = await store.fixture.dataSource.query('SELECT customer_name, address, status FROM order_details WHERE order_id = $1', [guestOrderId]);
    expect(row).toEqual({ customer_name: '[erased]', address: '[erased]', status: 'cancelled' });
    const [event] = await store.fixture.dataSource.query(`SELECT data, metadata FROM events WHERE type = 'PersonalDataErased' ORDER BY global_position DESC LIMIT 1`);
    expect(event.data).toEqual(expect.objectContaining({ subject: 'phone', reason: 'asked by phone to be forgotten' }));
    expect(JSON.stringify(event)).not.toContain(phone);
    expect(event.metadata.actor.role).toBe('admin');
    expect((await call('GET', '/api/customer/personal-data', token)).status).toBe(401);
  });
});
