import { useApiStore } from '../support/api-store';
import { availableStock, setAvailableStock } from '../support/store-fixture';
import { apiCaller } from '../support/api-caller';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

/**
 * Issue 14, limits at checkout, against a store with its default settings (no environment overrides):
 * 3 open COD orders per phone, 120 checkouts per address and hour, 10 units per line, 30 per order.
 */
describe('cash on delivery limits at checkout', () => {
  // '' clears the test servers' usual overrides: the settings' defaults apply, as after `npm start`.
  const store = useApiStore({ env: { CHECKOUT_LIMIT_PER_IP_HOUR: '', COD_OPEN_ORDERS_PER_PHONE: '' } });

  const checkout = async (cart: Array<{ id: number; size: string; qty: number }>, phone: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) => {
    const response = await fetch(`${store.server.baseUrl}/api/public/confirm-order`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({
        cart,
        coupon: null,
        couponoffer: null,
        data: { name: 'Fake Buyer', email: 'victim@example.com', phone, address: 'Somewhere, Dhaka', shipping_phone: phone, devliery_charge: store.insideTaka, paymentMethod: 'cash', ...extra },
      }),
    });
    return { status: response.status, retryAfter: response.headers.get('retry-after'), body: (await response.json()) as Json };
  };

  it('one address and one phone trying 500 COD orders in a minute: 3 accepted, every other a 429 with Retry-After, nothing held by the refused', async () => {
    const product = store.products[5];
    const size = product.sizes[0];
    await setAvailableStock(store.fixture, product.id, size, 2000);
    const phone = '01610000000';
    const answers: Array<Awaited<ReturnType<typeof checkout>>> = [];
    // As fast as this machine sends them (a minute or so when it is busy): the limits counted here are per
    // hour and per open order, so the answers do not depend on how long the 500 take.
    for (let wave = 0; wave < 20; wave++) {
      answers.push(...(await Promise.all(Array.from({ length: 25 }, () => checkout([{ id: product.id, size, qty: 2 }], phone)))));
    }

    const accepted = answers.filter((answer) => answer.status === 201);
    const refused = answers.filter((answer) => answer.status !== 201);
    expect(accepted).toHaveLength(3);
    expect(refused).toHaveLength(497);
    for (const answer of refused) {
      expect(answer.status).toBe(429);
      expect(Number(answer.retryAfter)).toBeGreaterThan(0);
      expect(answer.body.success).toBe(false);
    }
    const perPhone = refused.filter(
      (answer) =>
        answer.body.message ===
        'This phone number already has 3 cash on delivery orders waiting for delivery. Please wait until they arrive, or call us to add to an order.',
    );
    const perAddress = refused.filter((answer) => /^Too many orders from your network\. Please wait \d+ minutes? and try again\.$/.test(answer.body.message));
    // The address's 120 checkouts an hour (this is the suite's first): the rest were refused before being decided.
    expect(perPhone).toHaveLength(117);
    expect(perAddress).toHaveLength(380);
    expect(await availableStock(store.fixture, product.id, size)).toBe(2000 - 3 * 2);
    const orders: Array<{ count: number }> = await store.fixture.dataSource.query(`SELECT count(*)::int AS count FROM order_details WHERE phone = $1`, [phone]);
    expect(orders[0].count).toBe(3);
  });

  it('refuses an 11th unit of one item and a 31st unit in one order with 422, reserving nothing', async () => {
    const [a, b, c, d] = store.products;
    for (const product of [a, b, c, d]) await setAvailableStock(store.fixture, product.id, product.sizes[0], 100);
    // Another address (the store trusts X-Forwarded-For from loopback): the last test used this one's hour up.
    const elsewhere = { 'x-forwarded-for': '203.0.113.7' };
    const line = await checkout([{ id: a.id, size: a.sizes[0], qty: 11 }], '01510000001', {}, elsewhere);
    expect(line.status).toBe(422);
    expect(line.body.errors['cart.0.qty']).toEqual(['You can order at most 10 of one item in one order.']);
    const order = await checkout(
      [a, b, c, d].map((product) => ({ id: product.id, size: product.sizes[0], qty: product === d ? 1 : 10 })),
      '01510000002',
      {},
      elsewhere,
    );
    expect(order.status).toBe(422);
    expect(order.body.errors.cart).toEqual(['You can order at most 30 items in one order.']);
    for (const product of [a, b, c, d]) expect(await availableStock(store.fixture, product.id, product.sizes[0])).toBe(100);
  });

  it('takes the limits from the settings admin edits: a cap of 5 units per line refuses the 6th at once', async () => {
    const { call, signInEveryRole } = apiCaller(() => store.server.baseUrl);
    const tokens = await signInEveryRole();
    const shown = await call('GET', '/api/admin/settings', tokens.admin);
    expect(shown.body).toEqual(
      expect.objectContaining({ cod_open_orders_per_phone: 3, checkout_limit_per_ip_hour: 120, max_units_per_line: 10, max_units_per_order: 30, pending_order_expiry_hours: 48 }),
    );
    expect((await call('PUT', '/api/admin/settings', tokens.admin, { max_units_per_line: 0 })).status).toBe(422);
    expect((await call('PUT', '/api/admin/settings', tokens.admin, { max_units_per_line: 5 })).status).toBe(200);
    const product = store.products[6];
    await setAvailableStock(store.fixture, product.id, product.sizes[0], 20);
    const elsewhere = { 'x-forwarded-for': '203.0.113.8' };
    const refused = await checkout([{ id: product.id, size: product.sizes[0], qty: 6 }], '01510000003', {}, elsewhere);
    expect(refused.status).toBe(422);
    expect(refused.body.errors['cart.0.qty']).toEqual(['You can order at most 5 of one item in one order.']);
    expect((await checkout([{ id: product.id, size: product.sizes[0], qty: 5 }], '01510000003', {}, elsewhere)).status).toBe(201);
  });
});
