import { randomBytes } from 'node:crypto';
import { ProjectionRunner } from '../../server/event-store/projection-runner';
import {
  catalogProducts,
  deliveryCharges,
  FixtureProduct,
  openStoreFixture,
  setAvailableStock,
  StoreFixture,
} from '../support/store-fixture';
import { DEMO_STAFF_ACCOUNTS } from '../../server/seed/demo-accounts';
import { smsCodeTo } from '../support/data-files';
import { startTestServer, TestServer, TestServerOptions } from '../support/test-server';
import { addressSource, closeConnections, Json, rawRequest, RawAnswer, RawRequest } from './security-kit';

export interface Customer {
  name: string;
  email: string;
  password: string;
  token: string;
  id: string;
}

export interface OrderDetails {
  name: string;
  phone: string;
  address: string;
  email?: string;
}

/**
 * One seeded store for a security suite: raw calls (each from its own client address, so the per-IP rate
 * limits of one check never bite another), the staff's tokens, fresh customers and orders.
 */
export function storeSession(options: TestServerOptions & { suite: number }) {
  let server: TestServer;
  let fixture: StoreFixture;
  let products: FixtureProduct[];
  let insideTaka = 0;
  const staff = { admin: '', care: '' };
  const nextIp = addressSource(options.suite);
  let productCursor = 0;

  beforeAll(async () => {
    server = await startTestServer({ env: options.env });
    fixture = await openStoreFixture(server.databaseUrl);
    products = await catalogProducts(fixture);
    insideTaka = (await deliveryCharges(fixture)).insidePaisa / 100;
    for (const account of DEMO_STAFF_ACCOUNTS) staff[account.role] = await login(account.email, account.password);
  });
  afterAll(async () => {
    await fixture?.close();
    await server?.stop();
    closeConnections();
  });

  const call = (request: RawRequest): Promise<RawAnswer> =>
    rawRequest(server.baseUrl, { ...request, headers: { 'x-forwarded-for': nextIp(), ...request.headers } });

  async function login(email: string, password: string): Promise<string> {
    const answer = await call({ method: 'POST', path: '/api/auth/userLogin', body: { email, password } });
    if (answer.status !== 200) throw new Error(`login of ${email} answered ${answer.status}: ${answer.text}`);
    return answer.json.access_token as string;
  }

  async function register(name: string): Promise<Customer> {
    const email = `${name.toLowerCase().replace(/\W+/g, '.')}.${randomBytes(4).toString('hex')}@gmail.com`;
    const password = `pahela-baishakh-${randomBytes(3).toString('hex')}`;
    const answer = await call({ method: 'POST', path: '/api/auth/register', body: { name, email, password } });
    if (answer.status !== 201) throw new Error(`registering ${email} answered ${answer.status}: ${answer.text}`);
    return { name, email, password, token: answer.json.access_token, id: answer.json.user.id };
  }

  /** A fresh product with stock, so orders never run out. */
  async function stockedProduct(units = 1_000): Promise<{ id: number; size: string; slug: string }> {
    const product = products[productCursor++ % products.length];
    await setAvailableStock(fixture, product.id, product.sizes[0], units);
    return { id: product.id, size: product.sizes[0], slug: product.slug };
  }

  function orderBody(product: { id: number; size: string }, details: OrderDetails): Json {
    return {
      cart: [{ id: product.id, size: product.size, qty: 1 }],
      coupon: null,
      couponoffer: null,
      data: {
        name: details.name,
        email: details.email ?? '',
        phone: details.phone,
        address: details.address,
        shipping_phone: details.phone,
        devliery_charge: insideTaka,
        paymentMethod: 'cash',
      },
    };
  }

  /** Places an order through POST /api/public/confirm-order; with a token it is that customer's. */
  async function placeOrder(token: string | undefined, details: OrderDetails): Promise<string> {
    const product = await stockedProduct();
    const answer = await call({ method: 'POST', path: '/api/public/confirm-order', token, body: orderBody(product, details) });
    if (answer.status !== 201) throw new Error(`placing an order answered ${answer.status}: ${answer.text}`);
    return answer.json.order_id as string;
  }

  /**
   * The signed-in customer proves `phone` as a shopper does: asks for a code, reads it from the SMS (the demo
   * gateway's file, as no SMS_URL is set) and types it back. Only a proven phone finds an account (ADR 057).
   */
  async function provePhone(token: string, phone: string): Promise<void> {
    const asked = await call({ method: 'POST', path: '/api/user/phone-code', token, body: { phone } });
    if (asked.status !== 200) throw new Error(`asking for a code answered ${asked.status}: ${asked.text}`);
    const code = await smsCodeTo(server.dataDir, phone);
    const verified = await call({ method: 'POST', path: '/api/user/verify-phone', token, body: { phone, code } });
    if (verified.status !== 200) throw new Error(`verifying the phone answered ${verified.status}: ${verified.text}`);
  }

  /** Waits until the read models have every event so far (orders show in lists only then). */
  const caughtUp = () => server.app.get(ProjectionRunner).waitUntilCaughtUp();

  return {
    server: () => server,
    fixture: () => fixture,
    staff,
    call,
    nextIp,
    login,
    register,
    stockedProduct,
    orderBody,
    placeOrder,
    provePhone,
    caughtUp,
    insideTaka: () => insideTaka,
  };
}
