import { query } from '../support/sql-query';
import { readJson, useStaffApiStore } from '../support/api-store';
import { postWebhook } from '../support/fakes/courier-fake-kit';
import { startPathaoFake, type PathaoFake } from '../support/fakes/pathao-fake';
import { startRedxFake, type RedxFake } from '../support/fakes/redx-fake';
import { startSteadfastFake, type SteadfastFake } from '../support/fakes/steadfast-fake';

/**
 * Steadfast, Pathao and RedX in one store (issue 29), each configured as a shop configures it (STEADFAST_BASE_URL
 * and the rest) but pointed at its local fake: care books a confirmed order, the courier's own webhook moves it,
 * a replayed or late webhook changes nothing, a forged one is 401, and a booking whose answer never came back is
 * retried without a second parcel.
 */
describe('live couriers', () => {
  let steadfast: SteadfastFake;
  let pathao: PathaoFake;
  let redx: RedxFake;
  // Filled before the server starts (hooks run in the order they are declared).
  const env: Record<string, string> = { COURIER_TIMEOUT_SECONDS: '0.5' };
  beforeAll(async () => {
    [steadfast, pathao, redx] = await Promise.all([startSteadfastFake(), startPathaoFake(), startRedxFake()]);
    Object.assign(env, {
      STEADFAST_BASE_URL: steadfast.url,
      STEADFAST_API_KEY: steadfast.apiKey,
      STEADFAST_SECRET_KEY: steadfast.secretKey,
      STEADFAST_WEBHOOK_TOKEN: steadfast.webhookToken,
      PATHAO_BASE_URL: pathao.url,
      PATHAO_CLIENT_ID: pathao.clientId,
      PATHAO_CLIENT_SECRET: pathao.clientSecret,
      PATHAO_USERNAME: pathao.username,
      PATHAO_PASSWORD: pathao.password,
      PATHAO_STORE_ID: String(pathao.storeId),
      PATHAO_WEBHOOK_SECRET: pathao.webhookSecret,
      REDX_BASE_URL: redx.url,
      REDX_TOKEN: redx.token,
      REDX_WEBHOOK_TOKEN: redx.webhookToken,
    });
  });
  const store = useStaffApiStore({ env });
  afterAll(() => Promise.all([steadfast?.stop(), pathao?.stop(), redx?.stop()]));

  let next = 0;
  const ADDRESS = 'House 4, Road 2, Agrabad, Chattogram';
  /** A confirmed cash-on-delivery order of one unit, and its due amount in taka as care sees it. */
  async function confirmedOrder() {
    const product = store.products[next++];
    const phone = `018${String(10_000_000 + next * 7_919)}`;
    const response = await fetch(`${store.server.baseUrl}/api/public/confirm-order`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        cart: [{ id: product.id, size: product.sizes[0], qty: 1 }],
        coupon: null,
        couponoffer: null,
        data: { name: 'Nusrat Jahan', email: 'nusrat@example.com', phone, address: ADDRESS, shipping_phone: phone, devliery_charge: store.outsideTaka },
      }),
    });
    expect(response.status).toBe(201);
    const { order_id: orderId } = (await readJson(response)) as { order_id: string };
    expect((await store.call('POST', `/api/admin/orders/${orderId}/confirm`, store.tokens.care, {})).status).toBe(200);
    const view = await store.call('GET', `/api/admin/orders/${orderId}/shipments`, store.tokens.care);
    expect(view.body.amount_to_collect).toBeGreaterThan(0);
    return { orderId, phone, due: view.body.amount_to_collect as number };
  }

  const book = (orderId: string, courier: string) => store.call('POST', `/api/admin/orders/${orderId}/shipments`, store.tokens.care, { courier });
  const hook = (courier: string) => `${store.server.baseUrl}/api/webhooks/couriers/${courier}`;
  const status = async (orderId: string) => (await store.call('GET', `/api/admin/orders/${orderId}/shipments`, store.tokens.care)).body.status as string;
  const events = (orderId: string) => query<{ type: string; data: Record<string, unknown> }>(store.server.databaseUrl, `SELECT type, data FROM events WHERE stream_id = $1 ORDER BY stream_position`, [`order-${orderId}`]);
  const count = async (orderId: string, type: string) => (await events(orderId)).filter((event) => event.type === type).length;
  /** Webhooks find parcels by consignment id in the parcels projection: wait until it knows this one. */
  async function parcelKnown(orderId: string) {
    for (const deadline = Date.now() + 10_000; ; await new Promise((resolve) => setTimeout(resolve, 50))) {
      if ((await query(store.server.databaseUrl, `SELECT 1 FROM parcels WHERE order_id = $1`, [orderId])).length > 0) return;
      if (Date.now() > deadline) throw new Error(`the parcels table never showed ${orderId}`);
    }
  }
  const at = (minutes: number) => new Date(Date.now() + minutes * 60_000);

  it('Steadfast: books with the order id as invoice and the due amount; its delivered webhook delivers once, a forged one is 401', async () => {
    const { orderId, phone, due } = await confirmedOrder();
    const booked = await book(orderId, 'steadfast');
    expect(booked.status).toBe(201);
    const parcel = steadfast.parcels.get(orderId)!;
    expect(parcel).toMatchObject({ invoice: orderId, recipient_phone: phone, recipient_name: 'Nusrat Jahan', recipient_address: ADDRESS, cod_amount: due });
    expect(booked.body).toMatchObject({ courier: 'steadfast', consignment_id: String(parcel.consignment_id), tracking_code: parcel.tracking_code, amount_to_collect: due });
    const sent = steadfast.provider.requestsTo('/create_order', 'POST');
    expect(sent.at(-1)!.headers).toMatchObject({ 'api-key': steadfast.apiKey, 'secret-key': steadfast.secretKey });
    await parcelKnown(orderId);

    const late = steadfast.advance(parcel.consignment_id, 'pending', { at: at(1) });
    const delivered = steadfast.advance(parcel.consignment_id, 'delivered', { at: at(5), codAmount: due });
    const before = (await events(orderId)).length;
    const forged = await postWebhook(hook('steadfast'), { ...delivered, headers: { authorization: 'Bearer not-the-steadfast-token-00' } });
    expect(forged.status).toBe(401);
    expect((await events(orderId)).length).toBe(before);

    const first = await postWebhook(hook('steadfast'), delivered);
    expect(first).toMatchObject({ status: 200, body: { status: 'success' } });
    expect(await status(orderId)).toBe('delivered');
    const afterFirst = (await events(orderId)).length;
    expect((await postWebhook(hook('steadfast'), delivered)).status).toBe(200);
    expect((await postWebhook(hook('steadfast'), delivered)).status).toBe(200);
    expect((await events(orderId)).length).toBe(afterFirst);
    // Older than the delivery, arriving after it: the order stays delivered.
    expect((await postWebhook(hook('steadfast'), late)).status).toBe(200);
    expect(await status(orderId)).toBe('delivered');
    expect(await count(orderId, 'OrderDelivered')).toBe(1);
    const recorded = (await events(orderId)).filter((event) => event.type === 'ParcelStepRecorded').map((event) => event.data.step as { stage: string; collectedPaisa: number | null });
    expect(recorded[0]).toMatchObject({ stage: 'delivered', collectedPaisa: due * 100 });
  });

  it('RedX: books with its area, the invoice and the cash to collect; in transit then delivered, replayed and late, once; a wrong token is 401', async () => {
    const { orderId, phone, due } = await confirmedOrder();
    const booked = await book(orderId, 'redx');
    expect(booked.status).toBe(201);
    const [parcel] = redx.parcelsOfInvoice(orderId);
    expect(parcel).toMatchObject({ merchant_invoice_id: orderId, customer_phone: phone, customer_name: 'Nusrat Jahan', cash_collection_amount: due, delivery_area: 'Agrabad', delivery_area_id: 60 });
    expect(parcel.customer_address).toContain('Agrabad');
    expect(booked.body).toMatchObject({ courier: 'redx', consignment_id: parcel.tracking_id });
    expect(redx.parcelsOfInvoice(orderId)).toHaveLength(1);
    await parcelKnown(orderId);

    const transit = redx.advance(parcel.tracking_id, 'ready-for-delivery', { at: at(1) });
    const before = (await events(orderId)).length;
    expect((await postWebhook(hook('redx'), { ...transit, query: { token: 'not-the-redx-token-000000' } })).status).toBe(401);
    expect((await postWebhook(hook('redx'), { ...transit, query: {} })).status).toBe(401);
    expect((await events(orderId)).length).toBe(before);

    expect((await postWebhook(hook('redx'), transit)).status).toBe(200);
    expect(await status(orderId)).toBe('shipped');
    const delivered = redx.advance(parcel.tracking_id, 'delivered', { at: at(5) });
    expect((await postWebhook(hook('redx'), delivered)).status).toBe(200);
    expect(await status(orderId)).toBe('delivered');
    const settled = (await events(orderId)).length;
    for (const again of [delivered, delivered, transit]) expect((await postWebhook(hook('redx'), again)).status).toBe(200);
    expect(await status(orderId)).toBe('delivered');
    expect(await count(orderId, 'OrderDelivered')).toBe(1);
    expect(await count(orderId, 'OrderShipped')).toBe(1);
    // The replays of delivered added nothing; the late transit step is the one thing history may keep.
    expect((await events(orderId)).length).toBeLessThanOrEqual(settled + 1);
    const steps = (await events(orderId)).filter((event) => event.type === 'ParcelStepRecorded').map((event) => [(event.data.step as { stage: string }).stage, event.data.current]);
    expect(steps.slice(0, 2)).toEqual([['in-transit', true], ['delivered', true]]);
  });

  it('Pathao: books with merchant order id, city and zone; its webhook is a signal read back with track, answered 202 with its header', async () => {
    const { orderId, phone, due } = await confirmedOrder();
    const booked = await book(orderId, 'pathao');
    expect(booked.status).toBe(201);
    const [order] = pathao.ordersOf(orderId);
    expect(order).toMatchObject({ merchant_order_id: orderId, recipient_phone: phone, recipient_name: 'Nusrat Jahan', amount_to_collect: due, store_id: pathao.storeId, recipient_city: 2, recipient_zone: 301 });
    expect(booked.body).toMatchObject({ courier: 'pathao', consignment_id: order.consignment_id });
    await parcelKnown(orderId);

    const integration = await postWebhook(hook('pathao'), pathao.integrationCheck());
    expect(integration.status).toBe(202);
    expect(integration.headers.get('x-pathao-merchant-webhook-integration-secret')).toBeTruthy();

    const picked = pathao.advance(order.consignment_id, 'order.picked', { at: at(1) });
    const before = (await events(orderId)).length;
    expect((await postWebhook(hook('pathao'), { ...picked, headers: { 'x-pathao-signature': 'not-the-pathao-secret-000' } })).status).toBe(401);
    expect((await events(orderId)).length).toBe(before);
    const tracked = pathao.provider.requestsTo(`/aladdin/api/v1/orders/${order.consignment_id}/info`, 'GET').length;

    const answer = await postWebhook(hook('pathao'), picked);
    expect(answer.status).toBe(202);
    expect(answer.headers.get('x-pathao-merchant-webhook-integration-secret')).toBeTruthy();
    expect(pathao.provider.requestsTo(`/aladdin/api/v1/orders/${order.consignment_id}/info`, 'GET').length).toBe(tracked + 1);
    expect(await status(orderId)).toBe('shipped');

    const delivered = pathao.advance(order.consignment_id, 'order.delivered', { at: at(5), collectedAmount: due });
    expect((await postWebhook(hook('pathao'), delivered)).status).toBe(202);
    expect(await status(orderId)).toBe('delivered');
    const settled = (await events(orderId)).length;
    // Replayed twice and the older one late: Pathao says "Delivered" on every read back, nothing new is recorded.
    for (const again of [delivered, delivered, picked]) expect((await postWebhook(hook('pathao'), again)).status).toBe(202);
    expect((await events(orderId)).length).toBe(settled);
    expect(await count(orderId, 'OrderDelivered')).toBe(1);
  });

  it('a booking whose answer never came back is retried without a second parcel at Steadfast', async () => {
    const { orderId } = await confirmedOrder();
    const bookings = steadfast.bookings();
    // Steadfast books, but its answers (the booking's, then the look-up by invoice) arrive after the store gave up.
    const release = steadfast.provider.holdAnswers();
    const timedOut = await book(orderId, 'steadfast');
    release();
    expect(timedOut.status).toBe(503);
    expect(timedOut.body).toMatchObject({ success: false, code: 'courier-unavailable' });
    expect(steadfast.bookings()).toBe(bookings + 1);

    const retried = await book(orderId, 'steadfast');
    expect(retried.status).toBe(201);
    expect(retried.body.consignment_id).toBe(String(steadfast.parcels.get(orderId)!.consignment_id));
    expect(steadfast.bookings()).toBe(bookings + 1);
    expect(steadfast.provider.requestsTo('/create_order', 'POST').filter((request) => (request.json as { invoice: string }).invoice === orderId)).toHaveLength(1);
    expect(await count(orderId, 'ShipmentBookingRequested')).toBe(1);
    expect(await count(orderId, 'ShipmentBooked')).toBe(1);
  });
});
