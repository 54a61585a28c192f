import { PayoutsReadModel } from '../../server/fulfilment/payouts/payouts.read-model';
import { query } from '../support/sql-query';
import { setAvailableStock } from '../support/store-fixture';
import { readJson, rebuildProjection, useStaffApiStore } from '../support/api-store';
import { courierSettings, postWebhook } from '../support/fakes/courier-fake-kit';
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
  // Filled before the server starts (hooks run in the order they are declared). The one answer a test loses on
  // purpose is held by the fake past these 3 s; every other answer comes within them even on a busy machine.
  const env: Record<string, string> = { COURIER_TIMEOUT_SECONDS: '3' };
  beforeAll(async () => {
    [steadfast, pathao, redx] = await Promise.all([startSteadfastFake(), startPathaoFake(), startRedxFake()]);
    Object.assign(env, courierSettings({ steadfast, pathao, redx }));
  });
  const store = useStaffApiStore({ env });
  afterAll(() => Promise.all([steadfast?.stop(), pathao?.stop(), redx?.stop()]));

  let next = 0;
  const ADDRESS = 'House 4, Road 2, Agrabad, Chattogram';
  /** A confirmed cash-on-delivery order of one unit, and its due amount in taka as care sees it. */
  async function confirmedOrder(where: { address?: string; areaId?: string } = {}) {
    const product = store.products[next++];
    await setAvailableStock(store.fixture, product.id, product.sizes[0], 10);
    const phone = `018${String(10_000_000 + next * 7_919)}`;
    const response = await fetch(`${store.server.baseUrl}/api/public/confirm-order`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        cart: [{ id: product.id, size: product.sizes[0], qty: 1 }],
        coupon: null,
        couponoffer: null,
        data: {
          name: 'Nusrat Jahan', email: 'nusrat@example.com', phone, address: where.address ?? ADDRESS, shipping_phone: phone, devliery_charge: store.outsideTaka,
          ...(where.areaId ? { area_id: where.areaId } : {}),
        },
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
  describe('addresses (issue 30)', () => {
    /** An address that names no district, so only the picked area can tell couriers where it goes. */
    const STREET_ONLY = 'House 7, Road 3, Block C';
    const MIRPUR = 't-26';
    const shipmentView = async (orderId: string) => (await store.call('GET', `/api/admin/orders/${orderId}/shipments`, store.tokens.care)).body;

    it('an order to a picked Dhaka thana books Pathao by its city and zone ids and RedX by its area id', async () => {
      const toPathao = await confirmedOrder({ address: STREET_ONLY, areaId: MIRPUR });
      expect((await shipmentView(toPathao.orderId)).place).toEqual({ district: 'Dhaka', thana: 'Mirpur', from_text: false, incomplete: false });
      expect((await book(toPathao.orderId, 'pathao')).status).toBe(201);
      // Mirpur, not "Mirpur DOHS" (69), though both names are in Pathao's Dhaka zones.
      expect(pathao.ordersOf(toPathao.orderId)).toEqual([expect.objectContaining({ recipient_city: 1, recipient_zone: 68, recipient_address: `${STREET_ONLY}, Dhaka` })]);

      const toRedx = await confirmedOrder({ address: STREET_ONLY, areaId: MIRPUR });
      expect((await book(toRedx.orderId, 'redx')).status).toBe(201);
      expect(redx.parcelsOfInvoice(toRedx.orderId)).toEqual([expect.objectContaining({ delivery_area: 'Mirpur', delivery_area_id: 13, cash_collection_amount: toRedx.due })]);
    });

    it('a free-text order whose district cannot be told is refused for RedX and Pathao without asking them; Steadfast books it as written', async () => {
      const { orderId } = await confirmedOrder({ address: STREET_ONLY });
      const view = await shipmentView(orderId);
      expect(view.place).toEqual({ district: null, thana: null, from_text: false, incomplete: true });
      expect(view.couriers.filter((option: { needs_district: boolean }) => option.needs_district).map((option: { courier: string }) => option.courier).sort()).toEqual(['pathao', 'redx']);
      // What a booking would ask (the polling job may read parcels meanwhile: those requests are not counted).
      const asked = () => [redx.provider.requestsTo('/parcel', 'POST'), redx.provider.requestsTo('/areas'), pathao.provider.requestsTo('/aladdin/api/v1/orders', 'POST'), pathao.provider.requestsTo('/aladdin/api/v1/city-list')].map((list) => list.length);
      const before = asked();
      for (const courier of ['redx', 'pathao']) {
        const refused = await book(orderId, courier);
        expect(refused.status).toBe(422);
        expect(refused.body).toMatchObject({ success: false, code: 'address-incomplete', message: 'Complete the address (district and thana) before booking this courier.' });
      }
      expect(asked()).toEqual(before);
      expect(await count(orderId, 'ShipmentBookingRequested')).toBe(0);
      expect((await book(orderId, 'steadfast')).status).toBe(201);
      expect(steadfast.parcels.get(orderId)).toMatchObject({ recipient_address: STREET_ONLY });
    });

    it('lists the areas orders went to that a courier\'s location lists cannot place', async () => {
      // Gulshan: a Pathao Dhaka zone in neither fake list but a RedX area; Panchagarh Sadar: a district neither fake serves.
      for (const areaId of [MIRPUR, 't-14', 'u-399']) await confirmedOrder({ address: STREET_ONLY, areaId });
      const listed = async (courier: string) => {
        const answer = await store.call('GET', `/api/admin/couriers/areas-unmapped?courier=${courier}`, store.tokens.care);
        expect(answer.status).toBe(200);
        return answer.body;
      };
      const gulshan = { area_id: 't-14', kind: 'thana', name: 'Gulshan', name_bn: 'গুলশান', district: 'Dhaka', district_bn: 'ঢাকা', unmapped: 'thana' };
      const panchagarh = { area_id: 'u-399', kind: 'upazila', name: 'Panchagarh Sadar', name_bn: 'পঞ্চগড় সদর', district: 'Panchagarh', district_bn: expect.any(String), unmapped: 'district' };
      const ofPathao = await listed('pathao');
      expect(ofPathao).toMatchObject({ success: true, courier: 'pathao', configured: true, checked: 3 });
      expect(ofPathao.data).toEqual([gulshan, panchagarh]);
      expect((await listed('redx')).data).toEqual([panchagarh]);
      const wrong = await store.call('GET', '/api/admin/couriers/areas-unmapped?courier=steadfast', store.tokens.care);
      expect(wrong.status).toBe(422);
    });
  });

  /** Asks `read` again until `done` holds of its answer (the projections catch up after the write is answered). */
  async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
    for (const deadline = Date.now() + 10_000; ; await new Promise((resolve) => setTimeout(resolve, 50))) {
      const value = await read();
      if (done(value)) return value;
      if (Date.now() > deadline) throw new Error(`never: ${what} (last: ${JSON.stringify(value).slice(0, 500)})`);
    }
  }
  const reconciliation = async () => (await store.call('GET', '/api/admin/payouts/reconciliation', store.tokens.care)).body;
  const payoutList = async () => (await store.call('GET', '/api/admin/payouts', store.tokens.care)).body;
  const streamEvents = (streamId: string) => query<{ type: string; metadata: Record<string, unknown> }>(store.server.databaseUrl, `SELECT type, metadata FROM events WHERE stream_id = $1`, [streamId]);
  /** A confirmed order booked with `courier` and delivered by the courier's webhook, `daysAgo` days ago. */
  async function deliveredWith(courier: 'steadfast' | 'redx', options: { collected?: (due: number) => number } = {}) {
    const order = await confirmedOrder();
    expect((await book(order.orderId, courier)).status).toBe(201);
    await parcelKnown(order.orderId);
    const when = at(1);
    let consignmentId: string;
    if (courier === 'steadfast') {
      const parcel = steadfast.parcels.get(order.orderId)!;
      consignmentId = String(parcel.consignment_id);
      const collected = options.collected ? options.collected(order.due) : order.due;
      expect((await postWebhook(hook('steadfast'), steadfast.advance(parcel.consignment_id, 'delivered', { at: when, codAmount: collected }))).status).toBe(200);
    } else {
      const [parcel] = redx.parcelsOfInvoice(order.orderId);
      consignmentId = parcel.tracking_id;
      expect((await postWebhook(hook('redx'), redx.advance(parcel.tracking_id, 'delivered', { at: when }))).status).toBe(200);
    }
    expect(await status(order.orderId)).toBe('delivered');
    return { ...order, consignmentId };
  }

  describe('payouts', () => {
    it('a Steadfast payout read from /payments reconciles to the orders it pays; a short one is a mismatch; one delivered long ago and unpaid is listed', async () => {
      const paidInFull = await deliveredWith('steadfast');
      const paidShort = await deliveredWith('steadfast', { collected: (due) => due - 100 });
      const unpaid = await deliveredWith('steadfast');
      const { id } = steadfast.pay([paidInFull.consignmentId, paidShort.consignmentId]);

      const fetched = await store.call('POST', '/api/admin/payouts/fetch', store.tokens.care, { courier: 'steadfast' });
      expect(fetched.status).toBe(200);
      expect(fetched.body.couriers).toEqual([{ courier: 'steadfast', payouts: 1, lines: 2, recorded: 2, unmatched: 0 }]);
      const [recorded] = await streamEvents(`payout-steadfast-${id}`);
      expect(recorded.type).toBe('CourierPayoutRecorded');
      expect(recorded.metadata.actor).toMatchObject({ role: 'care', name: 'Customer Care' });

      const view = await eventually(reconciliation, (body) => body.mismatches.some((row: { order_id: string }) => row.order_id === paidShort.orderId), 'the short payout is a mismatch');
      const charge = steadfast.parcels.get(paidInFull.orderId)!.delivery_charge;
      expect(view.mismatches.filter((row: { order_id: string }) => [paidInFull.orderId, paidShort.orderId].includes(row.order_id))).toEqual([
        {
          order_id: paidShort.orderId, courier: 'steadfast', consignment_id: paidShort.consignmentId, payout_id: String(id), paid_at: expect.any(String),
          due: paidShort.due, collected: paidShort.due - 100, delivery_charge: charge, cod_fee: 0, difference: -100,
        },
      ]);
      expect(view.unpaid_after_days).toBe(10);
      // Delivered today: not yet unpaid. Eleven days on (the reconciliation asked as of then), it is listed; the paid ones are not.
      expect(view.unpaid.map((row: { order_id: string }) => row.order_id)).not.toContain(unpaid.orderId);
      const later = await store.server.app.get(PayoutsReadModel).reconciliation(10, new Date(Date.now() + 11 * 86_400_000));
      const unpaidRows = later.unpaid.filter((row) => [paidInFull.orderId, paidShort.orderId, unpaid.orderId].includes(row.order_id));
      expect(unpaidRows).toEqual([{ order_id: unpaid.orderId, courier: 'steadfast', consignment_id: unpaid.consignmentId, due: unpaid.due, delivered_at: expect.any(String), days_since_delivery: 10 }]);
      expect(view.cash_held.by_courier.find((row: { courier: string }) => row.courier === 'steadfast').amount).toBeGreaterThanOrEqual(unpaid.due);
      expect(view.cash_held.by_courier).toContainEqual({ courier: 'steadfast', parcels: expect.any(Number), amount: expect.any(Number) });
      const net = paidInFull.due + paidShort.due - 100 - 2 * charge;
      expect(view.paid_out_this_month.by_courier).toContainEqual({ courier: 'steadfast', payouts: 1, amount: net });
      expect(view.return_rate).toContainEqual(expect.objectContaining({ courier: 'steadfast', district: null, returned: 0 }));

      const list = await payoutList();
      expect(list.data).toContainEqual({
        courier: 'steadfast', payout_id: String(id), paid_at: expect.any(String), source: 'courier-api', total: net, parcels: 2,
        collected: paidInFull.due + paidShort.due - 100, delivery_charge: 2 * charge, cod_fee: 0, net,
      });
      expect(list.totals).toMatchObject({ payouts: 1, parcels: 2, net });

      // The daily job asks again: the same payout records nothing.
      const again = await store.call('POST', '/api/admin/payouts/fetch', store.tokens.care, {});
      expect(again.body.couriers).toEqual([{ courier: 'steadfast', payouts: 1, lines: 2, recorded: 0, unmatched: 0 }]);
      expect(await streamEvents(`payout-steadfast-${id}`)).toHaveLength(1);
      expect((await store.call('POST', '/api/admin/payouts/fetch', store.tokens.care, { courier: 'redx' })).body).toMatchObject({ success: false, code: 'payouts-not-listed' });
    });

    it('a RedX statement file reconciles the same way; imported again it records nothing; a bad file is 422 and records nothing', async () => {
      const byTracking = await deliveredWith('redx');
      const byInvoice = await deliveredWith('redx');
      const content = [
        'Tracking ID,Invoice,Cash Collection,Delivery Charge,COD Fee',
        `${byTracking.consignmentId},,"${byTracking.due.toLocaleString('en-US')}.00",60,${byTracking.due / 100}`,
        `,${byInvoice.orderId},${byInvoice.due - 50},60,0`,
        `99999999999,,500,60,5`,
        '',
      ].join('\r\n');
      const imported = await store.call('POST', '/api/admin/payouts/import', store.tokens.care, { courier: 'redx', content, paid_at: new Date().toISOString() });
      expect(imported.status).toBe(200);
      expect(imported.body).toMatchObject({ success: true, courier: 'redx', payout_id: expect.stringMatching(/^statement-/), lines: 3, recorded: 3, unmatched: 1 });
      const payoutId = imported.body.payout_id;

      const view = await eventually(reconciliation, (body) => body.mismatches.some((row: { order_id: string }) => row.order_id === byInvoice.orderId), 'the statement reconciles');
      const redxRows = view.mismatches.filter((row: { courier: string }) => row.courier === 'redx');
      expect(redxRows).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ order_id: byInvoice.orderId, consignment_id: byInvoice.consignmentId, due: byInvoice.due, collected: byInvoice.due - 50, difference: -50 }),
          expect.objectContaining({ order_id: null, consignment_id: '99999999999', due: null, collected: 500, difference: null }),
        ]),
      );
      expect(redxRows).toHaveLength(2);
      expect(view.unpaid.filter((row: { courier: string }) => row.courier === 'redx')).toEqual([]);
      const listed = (await payoutList()).data.find((row: { payout_id: string }) => row.payout_id === payoutId);
      expect(listed).toMatchObject({ source: 'statement', parcels: 3, collected: byTracking.due + byInvoice.due - 50 + 500, delivery_charge: 180, cod_fee: byTracking.due / 100 + 5 });

      const replay = await store.call('POST', '/api/admin/payouts/import', store.tokens.care, { courier: 'redx', content });
      expect(replay.body).toMatchObject({ payout_id: payoutId, lines: 3, recorded: 0 });
      expect(await streamEvents(`payout-redx-${payoutId}`)).toHaveLength(1);

      const before = await query(store.server.databaseUrl, `SELECT count(*)::int AS n FROM events WHERE stream_id LIKE 'payout-%'`);
      for (const [bad, reason] of [
        ['order,amount\nX,1', /consignment id or invoice column/],
        ['consignment_id,collected\n', /header row and at least one parcel/],
        ['consignment_id,collected\n123,12abc', /line 2: the collected is not an amount/],
      ] as const) {
        const refused = await store.call('POST', '/api/admin/payouts/import', store.tokens.care, { courier: 'redx', content: bad });
        expect(refused.status).toBe(422);
        expect(refused.body).toMatchObject({ success: false, code: 'statement-invalid', message: expect.stringMatching(reason) });
      }
      expect(await query(store.server.databaseUrl, `SELECT count(*)::int AS n FROM events WHERE stream_id LIKE 'payout-%'`)).toEqual(before);
    });

    it('Pathao\'s paid webhook records its order in the payout it names, once; the payouts projection rebuilds to the same rows', async () => {
      const { orderId, due } = await confirmedOrder();
      expect((await book(orderId, 'pathao')).status).toBe(201);
      await parcelKnown(orderId);
      const [order] = pathao.ordersOf(orderId);
      expect((await postWebhook(hook('pathao'), pathao.advance(order.consignment_id, 'order.delivered', { at: at(1), collectedAmount: due }))).status).toBe(202);
      const paid = pathao.advance(order.consignment_id, 'order.paid', { at: at(2), invoiceId: 'PINV2611271', collectedAmount: due });
      expect((await postWebhook(hook('pathao'), paid)).status).toBe(202);
      expect((await postWebhook(hook('pathao'), paid)).status).toBe(202);
      expect(await streamEvents('payout-pathao-PINV2611271')).toHaveLength(1);
      const listed = await eventually(payoutList, (body) => body.data.some((row: { payout_id: string }) => row.payout_id === 'PINV2611271'), 'the Pathao payout is listed');
      expect(listed.data.find((row: { payout_id: string }) => row.payout_id === 'PINV2611271')).toMatchObject({ courier: 'pathao', source: 'webhook', parcels: 1, collected: due });
      expect((await reconciliation()).mismatches.filter((row: { courier: string }) => row.courier === 'pathao')).toEqual([]);

      const rows = () => Promise.all(['payout_parcels', 'courier_payouts', 'payout_lines'].map((name) => query(store.server.databaseUrl, `SELECT * FROM ${name} ORDER BY 1, 2, 3`)));
      const before = await rows();
      expect(before[2].length).toBeGreaterThanOrEqual(6);
      expect(await rebuildProjection(store, 'payouts')).toMatchObject({ state: 'done' });
      expect(await rows()).toEqual(before);
    });
  });
});
