import { apiCaller } from '../support/api-caller';
import { availableStock, catalogProducts, deliveryCharges, openStoreFixture, setAvailableStock, type FixtureProduct, type StoreFixture } from '../support/store-fixture';
import { startTestServer, type TestServer } from '../support/test-server';

const NOT_FOUND = { success: false, message: 'Order not found or invalid information' };

/** Issue 14: a shopper cancels their own order while it is pending, as a guest (id and phone) or as its owner. */
describe('POST /api/public/cancel-order', () => {
  let server: TestServer;
  let fixture: StoreFixture;
  let product: FixtureProduct;
  let insideTaka: number;
  let tokens: Record<'admin' | 'care' | 'customer', string>;
  const { call, signInEveryRole, login } = apiCaller(() => server.baseUrl);

  beforeAll(async () => {
    server = await startTestServer();
    fixture = await openStoreFixture(server.databaseUrl);
    [product] = await catalogProducts(fixture);
    await setAvailableStock(fixture, product.id, product.sizes[0], 10);
    insideTaka = (await deliveryCharges(fixture)).insidePaisa / 100;
    tokens = await signInEveryRole();
  });
  afterAll(async () => {
    await fixture?.close();
    await server?.stop();
  });

  const place = async (phone: string, token?: string) =>
    (
      await call('POST', '/api/public/confirm-order', token, {
        cart: [{ id: product.id, size: product.sizes[0], qty: 2 }],
        coupon: null,
        couponoffer: null,
        data: { name: 'Jamal Uddin', phone, address: 'Rajshahi', shipping_phone: phone, devliery_charge: insideTaka, paymentMethod: 'cash' },
      })
    ).body.order_id as string;
  const stock = () => availableStock(fixture, product.id, product.sizes[0]);

  it('lets a guest with the order id and phone cancel a pending order, giving its units back', async () => {
    const orderId = await place('01760000001');
    expect(await stock()).toBe(8);
    expect(await call('POST', '/api/public/cancel-order', undefined, { orderId, phone: '01760000002' })).toEqual({ status: 404, body: NOT_FOUND });
    expect(await call('POST', '/api/public/cancel-order', undefined, { orderId: 'ZZZZZZZZ', phone: '01760000001' })).toEqual({ status: 404, body: NOT_FOUND });
    const cancelled = await call('POST', '/api/public/cancel-order', undefined, { orderId: orderId.toLowerCase(), phone: '01760000001' });
    expect(cancelled).toEqual({ status: 200, body: { success: true, orderId, order_status_name: 'Cancelled', message: 'Your order is cancelled.' } });
    expect(await stock()).toBe(10);
    const tracking = await call('GET', `/api/public/getOrderInformation?orderId=${orderId}&phone=01760000001`);
    expect(tracking.body.data.order_status_name).toBe('Cancelled');
    const again = await call('POST', '/api/public/cancel-order', undefined, { orderId, phone: '01760000001' });
    expect(again.status).toBe(409);
  });

  it('refuses once care confirmed the order, saying whom to call', async () => {
    const orderId = await place('01760000003');
    expect((await call('POST', `/api/admin/orders/${orderId}/confirm`, tokens.care, {})).status).toBe(200);
    const refused = await call('POST', '/api/public/cancel-order', undefined, { orderId, phone: '01760000003' });
    expect(refused).toEqual({
      status: 409,
      body: { success: false, message: 'Your order is confirmed, so it can no longer be cancelled here. Please call our customer care.' },
    });
    expect(await stock()).toBe(8);
  });

  it("lets a signed-in customer cancel their own order without the phone, and nobody else's", async () => {
    const orderId = await place('01760000004', tokens.customer);
    const email = `other-${Date.now()}@gmail.com`;
    await call('POST', '/api/auth/register', undefined, { name: 'Other Shopper', email, password: 'another long passphrase' });
    const other = (await login(email, 'another long passphrase')).access_token;
    expect(await call('POST', '/api/public/cancel-order', other, { orderId })).toEqual({ status: 404, body: NOT_FOUND });
    expect((await call('POST', '/api/public/cancel-order', tokens.customer, { orderId })).status).toBe(200);
    const events: Array<{ type: string; role: string }> = await fixture.dataSource.query(
      `SELECT type, metadata->'actor'->>'role' AS role FROM events WHERE stream_id = $1 ORDER BY stream_position`,
      [`order-${orderId}`],
    );
    expect(events).toEqual([
      { type: 'OrderPlaced', role: 'customer' },
      { type: 'OrderCancelled', role: 'customer' },
    ]);
  });
});
