import { useStaffApiStore } from '../support/api-store';
import { availableStock, setAvailableStock, type FixtureProduct } from '../support/store-fixture';

const NOT_FOUND = { success: false, code: 'order-not-found', message: 'Order not found or invalid information' };

/** Issue 14: a shopper cancels their own order while it is pending, as a guest (id and phone) or as its owner. */
describe('POST /api/public/cancel-order', () => {
  const store = useStaffApiStore();
  const { call, login } = store;
  let product: FixtureProduct;
  beforeAll(async () => {
    [product] = store.products;
    await setAvailableStock(store.fixture, product.id, product.sizes[0], 10);
  });

  const place = async (phone: string, token?: string) =>
    (
      await call('POST', '/api/public/confirm-order', token, {
        cart: [{ id: product.id, size: product.sizes[0], qty: 2 }],
        coupon: null,
        couponoffer: null,
        data: { name: 'Jamal Uddin', phone, address: 'Rajshahi', shipping_phone: phone, devliery_charge: store.insideTaka, paymentMethod: 'cash' },
      })
    ).body.order_id as string;
  const stock = () => availableStock(store.fixture, product.id, product.sizes[0]);

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
    expect((await call('POST', `/api/admin/orders/${orderId}/confirm`, store.tokens.care, {})).status).toBe(200);
    const refused = await call('POST', '/api/public/cancel-order', undefined, { orderId, phone: '01760000003' });
    expect(refused).toEqual({
      status: 409,
      // Issue 26: the status the message names is in `params` too.
      body: { success: false, code: 'cancel-too-late', params: { status: 'confirmed' }, message: 'Your order is confirmed, so it can no longer be cancelled here. Please call our customer care.' },
    });
    expect(await stock()).toBe(8);
  });

  it("lets a signed-in customer cancel their own order without the phone, and nobody else's", async () => {
    const orderId = await place('01760000004', store.tokens.customer);
    const email = `other-${Date.now()}@gmail.com`;
    await call('POST', '/api/auth/register', undefined, { name: 'Other Shopper', email, password: 'another long passphrase' });
    const other = (await login(email, 'another long passphrase')).access_token;
    expect(await call('POST', '/api/public/cancel-order', other, { orderId })).toEqual({ status: 404, body: NOT_FOUND });
    expect((await call('POST', '/api/public/cancel-order', store.tokens.customer, { orderId })).status).toBe(200);
    const events: Array<{ type: string; role: string }> = await store.fixture.dataSource.query(
      `SELECT type, metadata->'actor'->>'role' AS role FROM events WHERE stream_id = $1 ORDER BY stream_position`,
      [`order-${orderId}`],
    );
    expect(events).toEqual([
      { type: 'OrderPlaced', role: 'customer' },
      { type: 'OrderCancelled', role: 'customer' },
    ]);
  });
});
