import { DEMO_STAFF_ACCOUNTS } from '../../server/seed/demo-accounts';
import { OrderExpiry } from '../../server/ordering/expiry/order-expiry';
import { callOutside } from '../../server/outside/outside-http';
import { BkashGateway } from '../../server/payments/gateway/bkash-gateway';
import { apiCaller, type Json } from '../support/api-caller';
import { startBkashFake, type BkashFake } from '../support/fakes/bkash-fake';
import { availableStock, catalogProducts, deliveryCharges, openStoreFixture, type FixtureProduct, type StoreFixture } from '../support/store-fixture';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * bKash tokenized checkout through the store (issue 34), one store pointed at the local bKash fake: the shopper
 * pays without typing a transaction id, and each failure the issue names leaves no order marked paid that was
 * not, and no payment executed twice.
 */
describe('bKash checkout against the bKash fake', () => {
  let fake: BkashFake;
  let server: TestServer;
  let fixture: StoreFixture;
  let product: FixtureProduct;
  let insideTaka: number;
  let careToken: string;
  const api = apiCaller(() => server.baseUrl);
  let phones = 0;
  const nextPhone = () => `0171${String(3_000_000 + ++phones).padStart(7, '0')}`;

  beforeAll(async () => {
    fake = await startBkashFake();
    // bKash's calls time out after 2 s here (30 s by default): the hang below outlasts it.
    server = await startTestServer({ env: { ...fake.env(), BKASH_TIMEOUT_SECONDS: '2', PAYMENT_HOLD_MINUTES: '15' } });
    fixture = await openStoreFixture(server.databaseUrl);
    [product] = await catalogProducts(fixture);
    insideTaka = (await deliveryCharges(fixture)).insidePaisa / 100;
    const care = DEMO_STAFF_ACCOUNTS.find((account) => account.role === 'care')!;
    careToken = (await api.login(care.email, care.password)).access_token;
  });
  afterAll(async () => {
    await fixture?.close();
    await server?.stop();
    await fake?.stop();
  });

  const checkout = async (data: Record<string, unknown> = {}) => {
    const phone = nextPhone();
    const response = await api.call('POST', '/api/public/confirm-order', undefined, {
      cart: [{ id: product.id, size: product.sizes[0], qty: 1 }],
      coupon: null,
      couponoffer: null,
      data: { name: 'Nusrat Jahan', phone, address: 'House 12, Road 5, Dhanmondi', shipping_phone: phone, devliery_charge: insideTaka, paymentMethod: 'bkash', ...data },
    });
    return { ...response, phone };
  };
  const paymentIdOf = (url: string) => new URL(url).pathname.split('/').pop()!;
  /** The shopper's browser following bKash's redirect to the store's callback. */
  const back = async (callbackUrl: string) => {
    const url = new URL(callbackUrl);
    const response = await fetch(`${server.baseUrl}${url.pathname}${url.search}`, { redirect: 'manual' });
    return { status: response.status, location: response.headers.get('location'), body: response.status >= 400 ? ((await response.json()) as Json) : null };
  };
  const tracking = async (orderId: string, phone: string) => {
    const { status, body } = await api.call('GET', `/api/public/getOrderInformation?orderId=${orderId}&phone=${phone}`);
    expect(status).toBe(200);
    return body.data as Json;
  };

  it('places the order, answers payment_url, executes once on the callback and shows the order paid with its trxID', async () => {
    const placed = await checkout();
    expect(placed.status).toBe(201);
    expect(placed.body.payment_url).toMatch(new RegExp(`^${fake.url}/pay/TR0011`));
    const orderId = placed.body.order_id as string;
    const [payment] = fake.paymentsOf(orderId);
    expect(payment).toMatchObject({ merchantInvoiceNumber: orderId, callbackURL: expect.stringMatching(/\/api\/payments\/bkash\/callback$/) });
    expect((await tracking(orderId, placed.phone)).payment).toMatchObject({ gateway: 'bkash', state: 'awaiting', trx_id: null });

    const returned = await back(fake.approve(payment.paymentID));
    expect(returned.status).toBe(303);
    expect(returned.location).toMatch(new RegExp(`/order-confirm\\?orderId=${orderId}&payment=paid$`));
    const data = await tracking(orderId, placed.phone);
    expect(data.payment).toEqual({ gateway: 'bkash', state: 'paid', trx_id: payment.trxID, amount: Number(payment.amount), refunded: 0, failure: null });
    expect(data.pay_on_delivery).toBe(0);
    expect(payment.executions).toBe(1);
  });

  it('a replayed callback changes nothing and executes nothing again', async () => {
    const placed = await checkout();
    const [payment] = fake.paymentsOf(placed.body.order_id);
    const callback = fake.approve(payment.paymentID);
    await back(callback);
    const again = await back(callback);
    expect(again.location).toMatch(/payment=paid$/);
    expect(payment.executions).toBe(1);
    const timeline = await api.call('GET', `/api/admin/orders/${placed.body.order_id}`, careToken);
    expect(JSON.stringify(timeline.body).match(/PaymentCompleted/g)).toHaveLength(1);
  });

  it('refuses a callback for a payment that is not ours, or not the order’s current one, and changes nothing', async () => {
    const unknown = await back(`http://shop/api/payments/bkash/callback?paymentID=TR0011SOMEONEELSE&status=success`);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 'payment-unknown' });

    // The first attempt of an order replaced by a second one (the shopper tried again): its callback is refused.
    const placed = await checkout();
    const [first] = fake.paymentsOf(placed.body.order_id);
    await back(fake.cancel(first.paymentID));
    const retried = await api.call('POST', `/api/payments/orders/${placed.body.order_id}/retry`, undefined, { phone: placed.phone });
    expect(retried.status).toBe(200);
    first.shopper = 'approved';
    const stale = await back(`http://shop/api/payments/bkash/callback?paymentID=${first.paymentID}&status=success`);
    expect(stale.status).toBe(404);
    expect(first.executions).toBe(0);
    expect((await tracking(placed.body.order_id, placed.phone)).payment.state).toBe('awaiting');
  });

  it('a cancelled payment leaves the order unpaid, offers to try again, and a second payment completes it', async () => {
    const placed = await checkout();
    const [first] = fake.paymentsOf(placed.body.order_id);
    const cancelled = await back(fake.cancel(first.paymentID));
    expect(cancelled.location).toMatch(/payment=failed$/);
    expect((await tracking(placed.body.order_id, placed.phone)).payment).toMatchObject({ state: 'failed', trx_id: null });
    const retried = await api.call('POST', `/api/payments/orders/${placed.body.order_id}/retry`, undefined, { phone: placed.phone });
    const second = fake.payments.get(paymentIdOf(retried.body.payment_url))!;
    await back(fake.approve(second.paymentID));
    expect((await tracking(placed.body.order_id, placed.phone)).payment).toMatchObject({ state: 'paid', trx_id: second.trxID });
  });

  it('after bKash’s token expired, the store gets a new one and the payment goes on', async () => {
    const before = fake.tokenCalls();
    fake.expireTokens();
    const placed = await checkout();
    expect(placed.status).toBe(201);
    const after = fake.tokenCalls();
    expect(after.grant + after.refresh).toBe(before.grant + before.refresh + 1);
    const [payment] = fake.paymentsOf(placed.body.order_id);
    expect((await back(fake.approve(payment.paymentID))).location).toMatch(/payment=paid$/);
  });

  it('an execute that times out is settled by a status query, never a second execute', async () => {
    const placed = await checkout();
    const [payment] = fake.paymentsOf(placed.body.order_id);
    fake.hangNextExecute(4_000);
    const returned = await back(fake.approve(payment.paymentID));
    expect(returned.location).toMatch(/payment=paid$/);
    expect(payment.executions).toBe(1);
    expect(fake.provider.requestsTo('/payment/status').some((request) => (request.json as Json).paymentID === payment.paymentID)).toBe(true);
    expect((await tracking(placed.body.order_id, placed.phone)).payment.trx_id).toBe(payment.trxID);
  });

  it('refunds part of the payment from the console once per key, and refuses a refund larger than the payment before asking bKash', async () => {
    const placed = await checkout();
    const [payment] = fake.paymentsOf(placed.body.order_id);
    await back(fake.approve(payment.paymentID));
    const refund = (body: Json, key: string) =>
      fetch(`${server.baseUrl}/api/admin/orders/${placed.body.order_id}/refunds`, {
        method: 'POST',
        headers: { authorization: `Bearer ${careToken}`, 'content-type': 'application/json', 'idempotency-key': key },
        body: JSON.stringify(body),
      }).then(async (response) => ({ status: response.status, body: (await response.json()) as Json }));

    const asked = fake.provider.requestsTo('/payment/refund').length;
    const tooMuch = await refund({ amount: Number(payment.amount) + 1, reason: 'Returned' }, 'refund-too-much-1');
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.code).toBe('refund-exceeds-payment');
    expect(fake.provider.requestsTo('/payment/refund')).toHaveLength(asked);

    const first = await refund({ amount: 100, reason: 'Returned one shirt' }, 'refund-part-0001');
    expect(first.status).toBe(201);
    expect(first.body.payment).toMatchObject({ state: 'partly_refunded', refunded: 100 });
    const replay = await refund({ amount: 100, reason: 'Returned one shirt' }, 'refund-part-0001');
    expect(replay.status).toBe(201);
    expect(payment.refunds).toEqual([expect.objectContaining({ amount: '100.00', reason: 'Returned one shirt' })]);
    expect((await tracking(placed.body.order_id, placed.phone)).payment).toMatchObject({ state: 'partly_refunded', refunded: 100 });
  });

  it('an unpaid bKash order holds its stock for the hold only, and the expiry releases it', async () => {
    const before = await availableStock(fixture, product.id, product.sizes[0]);
    const placed = await checkout();
    expect(await availableStock(fixture, product.id, product.sizes[0])).toBe(before - 1);
    const expiry = server.app.get(OrderExpiry);
    await expect(expiry.expire(placed.body.order_id, new Date(Date.now() + 14 * 60_000))).resolves.toBe('skipped');
    await expect(expiry.expire(placed.body.order_id, new Date(Date.now() + 16 * 60_000))).resolves.toBe('expired');
    expect((await tracking(placed.body.order_id, placed.phone)).status).toBe('expired');
    expect(await availableStock(fixture, product.id, product.sizes[0])).toBe(before);
    // The shopper approves at bKash after the hold: nothing is executed, no order is marked paid.
    const [payment] = fake.paymentsOf(placed.body.order_id);
    expect((await back(fake.approve(payment.paymentID))).location).toMatch(/payment=failed$/);
    expect(payment.executions).toBe(0);
  });

  it('checks a typed transaction id with searchTransaction: an unknown one is refused, a real one pays the order', async () => {
    const refused = await checkout({ bkash_number: '01811111111', transaction_id: 'NOSUCH1234' });
    expect(refused.status).toBe(422);
    expect(refused.body.fields.transaction_id).toEqual(['bkash-transaction-not-found']);

    // A payment made outside the store's checkout (its trxID typed by the shopper) pays the order, found by search.
    const outsider = new BkashGateway({ call: callOutside }, { baseUrl: fake.url, appKey: fake.appKey, appSecret: fake.appSecret, username: fake.username, password: fake.password });
    const made = await outsider.create({ orderId: 'SEND-MONEY-1', amountPaisa: 50_000, callbackUrl: 'http://elsewhere.test/callback' });
    fake.approve(made.paymentId, '01811111111');
    const { trxId } = await outsider.execute(made.paymentId);
    const typed = await checkout({ bkash_number: '01811111111', transaction_id: trxId });
    expect(typed.status).toBe(201);
    expect(typed.body.payment_url).toBeUndefined();
    expect((await tracking(typed.body.order_id, typed.phone)).payment).toMatchObject({ state: 'paid', trx_id: trxId, amount: 500 });

    // The same trxID typed for a second order: bKash knows it, but it pays the first order; the second is not marked paid.
    const waitForProjection = async () => {
      for (let i = 0; i < 100; i++) {
        const rows: unknown[] = await fixture.dataSource.query('SELECT 1 FROM order_payments WHERE trx_id = $1', [trxId]);
        if (rows.length > 0) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    await waitForProjection();
    const twice = await checkout({ bkash_number: '01811111111', transaction_id: trxId });
    expect(twice.status).toBe(201);
    expect((await tracking(twice.body.order_id, twice.phone)).payment ?? null).toBeNull();
  });
});
