import { randomBytes } from 'node:crypto';
import { setAvailableStock, type FixtureProduct, type StoreFixture } from '../support/store-fixture';
import { DEMO_STAFF_ACCOUNTS } from '../../server/seed/demo-accounts';
import type { TestServer } from '../support/test-server';
import { useApiStore } from '../support/api-store';

/** A customer's orders are theirs alone: the dashboard list and the Order Details page never show another's. */
describe('customer orders (accounts routes)', () => {
  const store = useApiStore();
  let server: TestServer, fixture: StoreFixture, products: FixtureProduct[], insideTaka: number;
  let ip = 0;
  beforeAll(() => void ({ server, fixture, products, insideTaka } = store));

  async function call(path: string, options: { token?: string; body?: unknown } = {}) {
    const headers: Record<string, string> = { 'x-forwarded-for': `198.18.0.${(ip += 1)}` };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${server.baseUrl}/api/${path}`, {
      method: options.body === undefined ? 'GET' : 'POST',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    return { status: response.status, body: (await response.json()) as any };
  }

  async function customer(name: string) {
    const email = `${name.toLowerCase()}.${randomBytes(3).toString('hex')}@example.com`;
    const response = await call('auth/register', { body: { name, email, password: 'jamdani-saree-blue-5' } });
    expect(response.status).toBe(201);
    return { email, token: response.body.access_token as string };
  }

  let next = 0;
  async function placeOrder(token: string, email: string) {
    const product = products[next++];
    const size = product.sizes[0];
    await setAvailableStock(fixture, product.id, size, 10);
    const response = await call('public/confirm-order', {
      token,
      body: {
        cart: [{ id: product.id, size, qty: 1 }],
        coupon: null,
        couponoffer: null,
        data: { name: 'Buyer', email, phone: '01733333333', address: 'Zindabazar, Sylhet', shipping_phone: '01733333333', devliery_charge: insideTaka },
      },
    });
    expect(response.status).toBe(201);
    return response.body.order_id as string;
  }

  async function ordersOf(token: string, expected: number) {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const response = await call('orders/getOrders', { token });
      expect(response.status).toBe(200);
      if (response.body.data.length >= expected || Date.now() > deadline) return response.body.data as Array<{ orderId: string }>;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  it("lists only the customer's own orders and refuses another customer's order details", async () => {
    const amina = await customer('Amina');
    const babul = await customer('Babul');
    const aminaOrder = await placeOrder(amina.token, amina.email);
    const babulOrder = await placeOrder(babul.token, babul.email);

    expect((await ordersOf(amina.token, 1)).map((row) => row.orderId)).toEqual([aminaOrder]);
    expect((await ordersOf(babul.token, 1)).map((row) => row.orderId)).toEqual([babulOrder]);

    const own = await call(`orders/getOrdersHistory?order_id=${aminaOrder}`, { token: amina.token });
    expect(own.status).toBe(200);
    expect(own.body.data.data.orderrow).toMatchObject({ email: amina.email });

    const foreign = await call(`orders/getOrdersHistory?order_id=${babulOrder}`, { token: amina.token });
    expect(foreign.status).toBe(404);
    expect(JSON.stringify(foreign.body)).not.toContain(babul.email);

    expect((await call('orders/getOrders')).status).toBe(401);
    expect((await call(`orders/getOrdersHistory?order_id=${aminaOrder}`)).status).toBe(401);
  });

  it('signs the seeded staff in with their role, and @Roles keeps customers off staff routes', async () => {
    const care = DEMO_STAFF_ACCOUNTS.find((account) => account.role === 'care')!;
    const login = await call('auth/userLogin', { body: { email: care.email, password: care.password } });
    expect(login.status).toBe(200);
    expect(login.body.user).toMatchObject({ role: 'care', email: care.email });
    const shopper = await customer('Chumki');
    const order = await placeOrder(shopper.token, shopper.email);

    const anonymous = await call(`admin/orders/${order}`);
    expect(anonymous).toEqual({ status: 401, body: { success: false, code: 'login-required', message: 'Please log in to continue.' } });
    const asCustomer = await call(`admin/orders/${order}`, { token: shopper.token });
    expect(asCustomer).toEqual({ status: 403, body: { success: false, code: 'forbidden', message: 'You do not have permission to do this.' } });
    expect((await call(`admin/orders/${order}`, { token: login.body.access_token })).status).toBe(200);
  });
});
