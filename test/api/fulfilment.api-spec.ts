import { systemMetadata } from '../../server/common/request/request-metadata';
import { EventStore } from '../../server/event-store/event-store';
import { ProjectionRunner } from '../../server/event-store/projection-runner';
import { ParcelTimers } from '../../server/fulfilment/steps/parcel-timers';
import { availableStock, setAvailableStock } from '../support/store-fixture';
import { outboxSettled } from '../support/outbox-settled';
import { query } from '../support/sql-query';
import { readJson, rebuildProjection, useStaffApiStore } from '../support/api-store';

const WEBHOOK_TOKEN = 'demo-webhook-token-0123456789';

/**
 * Orders that reach the door (issue 29) with the demo and the manual courier: booking once whatever the
 * retries, webhooks verified, replayed and out of order, the status the parcel's steps lead to, one SMS on
 * out for delivery and on delivered, the returned parcel's stock, and the tracking answer.
 */
describe('fulfilment', () => {
  const store = useStaffApiStore({ env: { DEMO_COURIER_WEBHOOK_TOKEN: WEBHOOK_TOKEN } });

  let next = 0;
  /** A confirmed cash-on-delivery order of `qty` units on a SKU of its own that had 10 available. */
  async function confirmedOrder(qty = 2, phone = `017${String(10_000_000 + Math.floor(Math.random() * 89_999_999))}`) {
    const product = store.products[next++];
    const size = product.sizes[0];
    await setAvailableStock(store.fixture, product.id, size, 10);
    const response = await fetch(`${store.server.baseUrl}/api/public/confirm-order`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        cart: [{ id: product.id, size, qty }],
        coupon: null,
        couponoffer: null,
        data: { name: 'Nusrat Jahan', email: 'nusrat@example.com', phone, address: 'House 4, Road 2, Agrabad, Chattogram', shipping_phone: phone, devliery_charge: store.insideTaka },
      }),
    });
    expect(response.status).toBe(201);
    const { order_id: orderId } = (await readJson(response)) as { order_id: string };
    expect((await store.call('POST', `/api/admin/orders/${orderId}/confirm`, store.tokens.care, {})).status).toBe(200);
    return { orderId, product, size, phone };
  }

  const book = (orderId: string, body: unknown = { courier: 'demo' }) => store.call('POST', `/api/admin/orders/${orderId}/shipments`, store.tokens.care, body);
  const nextStep = (orderId: string) => store.call('POST', `/api/admin/orders/${orderId}/shipments/next-step`, store.tokens.care, {});
  const webhook = async (courier: string, body: unknown, token = WEBHOOK_TOKEN) => {
    const response = await fetch(`${store.server.baseUrl}/api/webhooks/couriers/${courier}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: await readJson(response) };
  };
  const status = async (orderId: string) => (await store.call('GET', `/api/admin/orders/${orderId}/shipments`, store.tokens.care)).body.status as string;
  const orderEvents = (orderId: string) =>
    query<{ type: string; data: Record<string, unknown> }>(store.server.databaseUrl, `SELECT type, data FROM events WHERE stream_id = $1 ORDER BY stream_position`, [`order-${orderId}`]);
  const eventTypes = async (orderId: string) => (await orderEvents(orderId)).map((event) => event.type);
  /** Waits until the parcels projection knows the order's parcel (webhooks find parcels by consignment id there). */
  async function parcelKnown(orderId: string, stage?: string) {
    for (const deadline = Date.now() + 10_000; ; await new Promise((resolve) => setTimeout(resolve, 50))) {
      const [row] = await query<{ stage: string }>(store.server.databaseUrl, `SELECT stage FROM parcels WHERE order_id = $1`, [orderId]);
      if (row && (!stage || row.stage === stage)) return;
      if (Date.now() > deadline) throw new Error(`parcel of ${orderId} never reached ${stage ?? 'the parcels table'}`);
    }
  }
  async function tracking(orderId: string, phone: string) {
    for (const deadline = Date.now() + 10_000; ; await new Promise((resolve) => setTimeout(resolve, 50))) {
      const { body } = await store.call('GET', `/api/public/getOrderInformation?orderId=${orderId}&phone=${phone}`);
      const steps = body.data?.shipment?.steps?.length ?? -1;
      if (steps >= 0 || Date.now() > deadline) return body.data;
    }
  }

  it('books a confirmed order once: a double POST and concurrent POSTs answer the one parcel (201 then 200)', async () => {
    const { orderId } = await confirmedOrder(2);
    const first = await book(orderId);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ success: true, order_id: orderId, courier: 'demo', courier_name: 'Demo courier', consignment_id: `DM${orderId}`, tracking_code: `DEMO-${orderId}`, already_booked: false });
    expect(first.body.amount_to_collect).toBeGreaterThan(0);
    const again = await book(orderId);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ consignment_id: first.body.consignment_id, already_booked: true });

    const { orderId: raced } = await confirmedOrder(1);
    const answers = await Promise.all(Array.from({ length: 6 }, () => book(raced)));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
    expect(answers.every((answer) => answer.status === 201 || answer.status === 200)).toBe(true);
    expect(new Set(answers.map((answer) => answer.body.consignment_id))).toEqual(new Set([`DM${raced}`]));
    const types = await eventTypes(raced);
    expect(types.filter((type) => type === 'ShipmentBookingRequested')).toHaveLength(1);
    expect(types.filter((type) => type === 'ShipmentBooked')).toHaveLength(1);
    // Booking alone does not ship it: the order ships when the courier picks the parcel up.
    expect(await status(raced)).toBe('confirmed');
  });

  it('after a crash between the courier\'s answer and our event, asks the courier by order id instead of booking a second parcel', async () => {
    const { orderId } = await confirmedOrder(1);
    // The intent was recorded and the courier booked, then the process died before ShipmentBooked.
    const events = app().get(EventStore);
    const [{ version }] = await query<{ version: number }>(store.server.databaseUrl, `SELECT max(stream_position)::int AS version FROM events WHERE stream_id = $1`, [`order-${orderId}`]);
    await events.append(`order-${orderId}`, version, [{ type: 'ShipmentBookingRequested', data: { orderId, at: new Date().toISOString(), courier: 'demo', amountToCollectPaisa: 50_000 } }], systemMetadata('test: crashed booking'));
    await query(store.server.databaseUrl, `INSERT INTO demo_parcels (order_id, consignment_id, tracking_code) VALUES ($1, $2, $3)`, [orderId, `CRASH-${orderId}`, `CRASHCODE-${orderId}`]);

    const answer = await book(orderId);
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ consignment_id: `CRASH-${orderId}`, tracking_code: `CRASHCODE-${orderId}`, amount_to_collect: 500 });
    const parcels = await query(store.server.databaseUrl, `SELECT 1 FROM demo_parcels WHERE order_id = $1`, [orderId]);
    expect(parcels).toHaveLength(1);
    expect((await eventTypes(orderId)).filter((type) => type === 'ShipmentBookingRequested')).toHaveLength(1);
  });

  it('refuses a pending order, an unknown courier, and a manual booking without its tracking code', async () => {
    const pending = await fetch(`${store.server.baseUrl}/api/public/confirm-order`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        cart: [{ id: store.products[next].id, size: store.products[next++].sizes[0], qty: 1 }],
        coupon: null,
        couponoffer: null,
        data: { name: 'Rahim', email: 'rahim@example.com', phone: '01733333331', address: 'Mirpur 10, Dhaka', shipping_phone: '01733333331', devliery_charge: store.insideTaka },
      }),
    });
    const { order_id: pendingId } = await readJson(pending);
    const refused = await book(pendingId);
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ success: false, code: 'shipment-not-bookable' });
    expect(refused.body.message_bn ?? refused.body.message).toBeTruthy();

    const { orderId } = await confirmedOrder(1);
    expect((await book(orderId, { courier: 'steadfast' })).body).toMatchObject({ code: 'courier-unknown' });
    expect((await book(orderId, { courier: 'manual' })).body).toMatchObject({ code: 'tracking-code-required' });
    expect(await eventTypes(orderId)).not.toContain('ShipmentBookingRequested');
  });

  it('moves the demo parcel to delivered: shipped at pick-up, one SMS out for delivery and one delivered, steps on the tracking page', async () => {
    const { orderId, phone } = await confirmedOrder(1);
    expect((await book(orderId)).status).toBe(201);
    const picked = await nextStep(orderId);
    expect(picked.body).toMatchObject({ status: 'shipped', recorded: true });
    await nextStep(orderId); // in transit
    expect((await nextStep(orderId)).body.status).toBe('shipped'); // out for delivery
    expect((await nextStep(orderId)).body.status).toBe('delivered');
    expect((await nextStep(orderId)).body).toMatchObject({ code: 'parcel-at-last-step' });

    const types = await eventTypes(orderId);
    expect(types.filter((type) => type === 'OrderShipped')).toHaveLength(1);
    expect(types.filter((type) => type === 'OrderDelivered')).toHaveLength(1);
    await outboxSettled(store.server, 'sms');
    const texts = await query<{ event_type: string; status: string }>(
      store.server.databaseUrl,
      `SELECT d.event_type, d.status FROM sms_deliveries d JOIN events e ON e.event_id = d.event_id WHERE e.stream_id = $1 AND d.event_type IN ('ParcelStepRecorded', 'OrderDelivered')`,
      [`order-${orderId}`],
    );
    expect(texts.map((row) => row.event_type).sort()).toEqual(['OrderDelivered', 'ParcelStepRecorded']);

    const data = await tracking(orderId, phone);
    expect(data.status).toBe('delivered');
    expect(data.courier).toBe('Demo courier');
    expect(data.tracking_code).toBe(`DEMO-${orderId}`);
    expect(data.shipment).toMatchObject({ courier: 'demo', tracking_code: `DEMO-${orderId}`, stage: 'delivered', tracking_url: expect.stringContaining(orderId) });
    expect(data.shipment.steps.map((step: { stage: string }) => step.stage)).toEqual(['picked-up', 'in-transit', 'out-for-delivery', 'delivered']);
    expect(data.shipment.steps[0]).toMatchObject({ message: expect.any(String), message_bn: expect.any(String), at: expect.stringMatching(/^\d{4}-/) });
    const summary = await store.call('GET', `/api/public/getOrders?orderId=${orderId}&phone=${phone}`);
    expect(summary.body.shipment).toMatchObject({ stage: 'delivered', steps: expect.any(Array) });
  });

  it('webhooks: 401 and nothing changes when unverified; a replay and a late older step change nothing; never back from delivered', async () => {
    const { orderId } = await confirmedOrder(1);
    await book(orderId);
    await parcelKnown(orderId);
    const at = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
    const step = (stage: string, status: string, when: string) => ({ invoice: orderId, consignment_id: `DM${orderId}`, stage, status, updated_at: when });

    const before = (await orderEvents(orderId)).length;
    const forged = await webhook('demo', step('delivered', 'delivered', at(1)), 'not-the-token-at-all-000000');
    expect(forged.status).toBe(401);
    expect(forged.body).toMatchObject({ success: false, code: 'webhook-unverified' });
    expect((await webhook('steadfast', step('delivered', 'delivered', at(1)))).status).toBe(401);
    expect((await orderEvents(orderId)).length).toBe(before);

    const transit = step('in-transit', 'in_transit', at(2));
    const first = await webhook('demo', transit);
    expect(first).toEqual({ status: 200, body: { status: 'success', message: 'Webhook received.' } });
    expect((await webhook('demo', transit)).status).toBe(200); // the same webhook again
    expect(await status(orderId)).toBe('shipped');
    await webhook('demo', step('delivered', 'delivered', at(5)));
    expect(await status(orderId)).toBe('delivered');
    // Late and older, or newer but after the arrival: kept in the history at most, the order stays delivered.
    await webhook('demo', step('picked-up', 'picked_up', at(1)));
    await webhook('demo', step('in-transit', 'in_transit', at(6)));
    expect(await status(orderId)).toBe('delivered');
    const steps = (await orderEvents(orderId)).filter((event) => event.type === 'ParcelStepRecorded');
    expect(steps.map((event) => [(event.data.step as { stage: string }).stage, event.data.current])).toEqual([
      ['in-transit', true],
      ['delivered', true],
      ['picked-up', false],
      ['in-transit', false],
    ]);
    const types = await eventTypes(orderId);
    expect(types.filter((type) => type === 'OrderDelivered')).toHaveLength(1);
    expect(types.filter((type) => type === 'OrderShipped')).toHaveLength(1);
  });

  it('a webhook without a step is a signal: the parcel is read back from the courier; the polling job reads back late parcels', async () => {
    const { orderId } = await confirmedOrder(1);
    await book(orderId);
    await parcelKnown(orderId);
    // The demo courier's rider moved the parcel, but no step reached the store.
    await query(
      store.server.databaseUrl,
      `UPDATE demo_parcels SET step_index = 1, steps = jsonb_build_array(jsonb_build_object('stage', 'picked-up', 'courierStatus', 'picked_up', 'at', now()::text)) WHERE order_id = $1`,
      [orderId],
    );
    expect((await webhook('demo', { invoice: orderId, consignment_id: `DM${orderId}` })).status).toBe(200);
    expect(await status(orderId)).toBe('shipped');

    await query(
      store.server.databaseUrl,
      `UPDATE demo_parcels SET step_index = 2, steps = steps || jsonb_build_array(jsonb_build_object('stage', 'in-transit', 'courierStatus', 'in_transit', 'at', (now() + interval '1 minute')::text)) WHERE order_id = $1`,
      [orderId],
    );
    await parcelKnown(orderId, 'picked-up');
    const recorded = await app().get(ParcelTimers).pollLate(new Date(Date.now() + 7 * 60 * 60 * 1000));
    expect(recorded).toBeGreaterThanOrEqual(1);
    const stages = (await orderEvents(orderId)).filter((event) => event.type === 'ParcelStepRecorded').map((event) => (event.data.step as { stage: string }).stage);
    expect(stages).toEqual(['picked-up', 'in-transit']);
  });

  it('receives a returned parcel: undamaged units back to stock, damaged ones not; the order is returned and the phone counts it', async () => {
    const { orderId, product, size, phone } = await confirmedOrder(3);
    expect(await availableStock(store.fixture, product.id, size)).toBe(7);
    await book(orderId, { courier: 'manual', tracking_code: 'SB-778812', courier_name: 'Sundarban' });
    const manualStep = (stage: string) => store.call('POST', `/api/admin/orders/${orderId}/shipments/steps`, store.tokens.care, { stage });
    expect((await manualStep('picked-up')).body.status).toBe('shipped');
    await manualStep('returning');
    const received = await store.call('POST', `/api/admin/orders/${orderId}/shipments/return`, store.tokens.care, { damaged: [{ product_id: product.id, size, quantity: 1 }] });
    expect(received.status).toBe(200);
    expect(received.body.status).toBe('returned');
    expect(await availableStock(store.fixture, product.id, size)).toBe(9);
    const again = await store.call('POST', `/api/admin/orders/${orderId}/shipments/return`, store.tokens.care, { damaged: [] });
    expect(again.body).toMatchObject({ code: 'return-already-received' });
    for (const deadline = Date.now() + 10_000; ; await new Promise((resolve) => setTimeout(resolve, 50))) {
      const [risk] = await query<{ returned: number }>(store.server.databaseUrl, `SELECT returned FROM phone_risk WHERE phone = $1`, [phone]);
      if (risk?.returned === 1) break;
      if (Date.now() > deadline) throw new Error('the phone\'s record never counted the return');
    }
    let view = await store.call('GET', `/api/admin/orders/${orderId}/shipments`, store.tokens.care);
    for (const deadline = Date.now() + 10_000; !view.body.return_received && Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 50))) {
      view = await store.call('GET', `/api/admin/orders/${orderId}/shipments`, store.tokens.care);
    }
    expect(view.body).toMatchObject({ shipment: { courier: 'manual', courier_name: 'Sundarban', tracking_url: null }, return_received: { damaged: [{ product_id: product.id, size, quantity: 1 }] } });
  });

  it('books a batch, each order once, and the parcels projection rebuilds to the same rows', async () => {
    const orders = [await confirmedOrder(1), await confirmedOrder(1), await confirmedOrder(1)];
    await book(orders[0].orderId);
    const batch = await store.call('POST', '/api/admin/shipments/batch', store.tokens.care, { courier: 'demo', order_ids: [...orders.map((order) => order.orderId), 'NOSUCHORDER'] });
    expect(batch.status).toBe(200);
    expect(batch.body).toMatchObject({ booked: 3, failed: 1 });
    expect(batch.body.results.map((result: { already_booked: boolean; ok: boolean }) => [result.ok, result.already_booked])).toEqual([[true, true], [true, false], [true, false], [false, false]]);
    // Every event so far projected (the batch's bookings land in any order, and earlier tests' steps too), so the
    // rows compared are the whole of what the log says.
    await app().get(ProjectionRunner).waitUntilCaughtUp(30_000, ['parcels']);
    const rows = () => query(store.server.databaseUrl, `SELECT * FROM parcels ORDER BY order_id`);
    const before = await rows();
    expect(await rebuildProjection(store, 'parcels')).toMatchObject({ state: 'done' });
    expect(await rows()).toEqual(before);
  });

  const app = () => store.server.app;
});
