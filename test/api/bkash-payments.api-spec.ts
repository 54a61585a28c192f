import { DEMO_STAFF_ACCOUNTS } from '../../server/seed/demo-accounts';
import { OrderExpiry } from '../../server/ordering/expiry/order-expiry';
import { callOutside } from '../../server/outside/outside-http';
import { BkashGateway } from '../../server/payments/gateway/bkash-gateway';
import { dhakaDay, PaymentReconciliation } from '../../server/payments/reconciliation/payment-reconciliation';
import { systemMetadata } from '../../server/common/request/request-metadata';
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
  let adminToken: string;
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
    const admin = DEMO_STAFF_ACCOUNTS.find((account) => account.role === 'admin')!;
    adminToken = (await api.login(admin.email, admin.password)).access_token;
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

  it('a cash order that needs an advance pays it through bKash: unconfirmable until paid, then advance and due say what was paid and what the courier collects', async () => {
    const saved = await api.call('PUT', '/api/admin/settings', adminToken, { advance_rules: { first_order: true, amount: 'delivery_charge' } });
    expect(saved.status).toBe(200);
    try {
      const placed = await checkout({ paymentMethod: 'cash', area_id: 't-12' });
      expect(placed.status).toBe(201);
      const orderId = placed.body.order_id as string;
      // The advance (the delivery charge), not the whole total, is asked of bKash.
      expect(placed.body.payment_url).toMatch(new RegExp(`^${fake.url}/pay/TR0011`));
      const [payment] = fake.paymentsOf(orderId);
      expect(Number(payment.amount)).toBe(insideTaka);
      const careView = async () => (await api.call('GET', `/api/admin/orders/${orderId}`, careToken)).body as Json;
      const total = (await careView()).orderrow.grand_total as number;
      expect((await careView()).orderrow).toMatchObject({ paymentMethod: 'cash', advance: 0, due: total, advance_required: insideTaka });

      const early = await api.call('POST', `/api/admin/orders/${orderId}/confirm`, careToken, {});
      expect(early.status).toBe(422);
      expect(early.body.fields).toEqual({ advance: ['advance-not-paid'] });
      expect((await tracking(orderId, placed.phone)).payment).toMatchObject({ state: 'awaiting', advance: true, amount: insideTaka });

      // Cancelled at bKash: still owed; trying again starts a new payment of the advance, which completes it.
      await back(fake.cancel(payment.paymentID));
      expect((await api.call('POST', `/api/admin/orders/${orderId}/confirm`, careToken, {})).status).toBe(422);
      const retried = await api.call('POST', `/api/payments/orders/${orderId}/retry`, undefined, { phone: placed.phone });
      expect(retried.status).toBe(200);
      const second = fake.payments.get(paymentIdOf(retried.body.payment_url))!;
      expect(Number(second.amount)).toBe(insideTaka);
      expect((await back(fake.approve(second.paymentID))).location).toMatch(new RegExp(`/order-confirm\\?orderId=${orderId}&payment=paid$`));
      expect(second.executions).toBe(1);

      const data = await tracking(orderId, placed.phone);
      expect(data.paymentMethod).toBe('cash');
      expect(data.payment).toEqual({ gateway: 'bkash', state: 'paid', trx_id: second.trxID, amount: insideTaka, refunded: 0, failure: null, advance: true });
      expect(data.pay_on_delivery).toBe(total - insideTaka);
      // The order row (read model) says what was paid and what the courier collects, once the payment is projected.
      await until(async () => (await careView()).orderrow.advance === insideTaka);
      expect((await careView()).orderrow).toMatchObject({ advance: insideTaka, due: total - insideTaka });
      expect((await api.call('POST', `/api/admin/orders/${orderId}/confirm`, careToken, {})).status).toBe(200);
      // Switching a cash order to cash changes nothing; the advance stays paid.
      expect((await tracking(orderId, placed.phone)).payment.state).toBe('paid');
    } finally {
      await api.call('PUT', '/api/admin/settings', adminToken, { advance_rules: { first_order: false } });
    }
  });

  it('a cash order that needs no advance gets no payment_url and no payment', async () => {
    const placed = await checkout({ paymentMethod: 'cash' });
    expect(placed.status).toBe(201);
    expect(placed.body.payment_url).toBeUndefined();
    expect(fake.paymentsOf(placed.body.order_id)).toEqual([]);
  });

  it('the daily reconciliation lists a payment with no order, an order marked paid with no payment and amounts that differ, once per day', async () => {
    const stateOf = async (orderId: string) => {
      const rows: Array<{ state: string }> = await fixture.dataSource.query('SELECT state FROM order_payments WHERE order_id = $1', [orderId]);
      return rows[0]?.state ?? null;
    };
    // Paid, then cancelled by care without a refund: money kept for no order.
    const cancelled = await checkout();
    const [cancelledPayment] = fake.paymentsOf(cancelled.body.order_id);
    await back(fake.approve(cancelledPayment.paymentID));
    expect((await api.call('POST', `/api/admin/orders/${cancelled.body.order_id}/cancel`, careToken, { reason: 'Out of stock after all' })).status).toBe(200);
    // bKash completed a payment the store never heard back about (the shopper closed the page before the callback).
    const lost = await checkout();
    const [lostPayment] = fake.paymentsOf(lost.body.order_id);
    fake.approve(lostPayment.paymentID);
    const outsider = new BkashGateway({ call: callOutside }, { baseUrl: fake.url, appKey: fake.appKey, appSecret: fake.appSecret, username: fake.username, password: fake.password });
    await outsider.execute(lostPayment.paymentID);
    // A bKash order care confirmed though it was never paid: the courier would collect nothing.
    const unpaid = await checkout();
    expect((await api.call('POST', `/api/admin/orders/${unpaid.body.order_id}/confirm`, careToken, {})).status).toBe(200);
    // A typed transaction of ৳500 for an order whose total is not ৳500.
    const made = await outsider.create({ orderId: 'SEND-MONEY-2', amountPaisa: 50_000, callbackUrl: 'http://elsewhere.test/callback' });
    fake.approve(made.paymentId, '01811111112');
    const { trxId } = await outsider.execute(made.paymentId);
    const typed = await checkout({ bkash_number: '01811111112', transaction_id: trxId });
    const typedTotal = (await api.call('GET', `/api/admin/orders/${typed.body.order_id}`, careToken)).body.orderrow.grand_total as number;
    expect(typedTotal).not.toBe(500);
    const fine = await checkout();
    await back(fake.approve(fake.paymentsOf(fine.body.order_id)[0].paymentID));
    const statusOf = async (orderId: string) => ((await fixture.dataSource.query('SELECT status FROM order_details WHERE order_id = $1', [orderId])) as Array<{ status: string }>)[0]?.status;
    await until(
      async () =>
        (await stateOf(cancelled.body.order_id)) === 'completed' &&
        (await stateOf(typed.body.order_id)) === 'completed' &&
        (await stateOf(fine.body.order_id)) === 'completed' &&
        (await stateOf(lost.body.order_id)) === 'started' &&
        (await statusOf(unpaid.body.order_id)) === 'confirmed' &&
        (await statusOf(cancelled.body.order_id)) === 'cancelled',
    );

    const reconciliation = server.app.get(PaymentReconciliation);
    const day = dhakaDay(new Date());
    const first = await reconciliation.run(systemMetadata('test reconciliation'), day);
    expect(first).toMatchObject({ day, recorded: true });
    // The same day again (another worker, a restart): nothing more is recorded.
    expect(await reconciliation.run(systemMetadata('test reconciliation'), day)).toMatchObject({ recorded: false });
    const events: Array<{ type: string }> = await fixture.dataSource.query('SELECT type FROM events WHERE stream_id = $1', [`payment-reconciliation-${day}`]);
    expect(events).toEqual([{ type: 'PaymentsReconciled' }]);

    await until(async () => (await api.call('GET', '/api/admin/payments/reconciliation', adminToken)).body.day === day);
    const answer = await api.call('GET', `/api/admin/payments/reconciliation?day=${day}`, adminToken);
    expect(answer.status).toBe(200);
    const findings = answer.body.findings as Json[];
    const of = (orderId: string) => findings.filter((finding) => finding.order_id === orderId);
    expect(of(cancelled.body.order_id)).toEqual([
      expect.objectContaining({ kind: 'payment-without-order', trx_id: cancelledPayment.trxID, recorded: Number(cancelledPayment.amount), detail: 'the order is cancelled and the payment is not refunded' }),
    ]);
    expect(of(lost.body.order_id)).toEqual([expect.objectContaining({ kind: 'payment-without-order', payment_id: lostPayment.paymentID, expected: Number(lostPayment.amount) })]);
    expect(of(unpaid.body.order_id)).toEqual([expect.objectContaining({ kind: 'paid-without-payment', recorded: 0 })]);
    expect(of(typed.body.order_id)).toEqual([expect.objectContaining({ kind: 'amount-differs', trx_id: trxId, recorded: 500, expected: typedTotal })]);
    // A payment that went through as it should is not listed.
    expect(of(fine.body.order_id)).toEqual([]);
    expect(answer.body.checked).toMatchObject({ gateway_unanswered: 0 });
    expect(answer.body.days[0]).toMatchObject({ day, findings: findings.length });
    // Care cannot read it (admins only); a bad day is a 422.
    expect((await api.call('GET', '/api/admin/payments/reconciliation', careToken)).status).toBe(403);
    expect((await api.call('GET', '/api/admin/payments/reconciliation?day=yesterday', adminToken)).status).toBe(422);
  });
});

/** Waits (at most 10 s) for a condition the projections make true. */
async function until(condition: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('condition not met in 10 s');
}
