import { query } from '../support/sql-query';
import { useStaffApiStore } from '../support/api-store';
import { courierSettings } from '../support/fakes/courier-fake-kit';
import { startPathaoFake, type PathaoFake } from '../support/fakes/pathao-fake';
import { startSteadfastFake, type SteadfastFake } from '../support/fakes/steadfast-fake';
import { setAvailableStock, type FixtureProduct } from '../support/store-fixture';

/**
 * Pick-ups of returned units booked with the live couriers (issue 35, docs/couriers.md "Pick-ups"), on a store
 * configured as a shop configures Steadfast and Pathao but pointed at their local fakes: Steadfast's return
 * request, asked once even when its answer is lost, and a Pathao parcel under the return id with nothing to
 * collect. No request leaves the machine.
 */
describe('return pick-ups with live couriers', () => {
  let steadfast: SteadfastFake;
  let pathao: PathaoFake;
  // Filled before the server starts (hooks run in the order they are declared). The one answer a test loses on
  // purpose is held by the fake past these 3 s; every other answer comes within them even on a busy machine.
  const env: Record<string, string> = { COURIER_TIMEOUT_SECONDS: '3' };
  beforeAll(async () => {
    [steadfast, pathao] = await Promise.all([startSteadfastFake(), startPathaoFake()]);
    Object.assign(env, courierSettings({ steadfast, pathao }));
  });
  const store = useStaffApiStore({ env });
  afterAll(() => Promise.all([steadfast?.stop(), pathao?.stop()]));

  /** A cash order of `qty` units of the first product, walked to delivered by care (shipped by hand). */
  async function deliveredOrder(product: FixtureProduct, size: string, qty: number, address: string) {
    const phone = '01814000901';
    const placed = await store.call('POST', '/api/public/confirm-order', undefined, {
      cart: [{ id: product.id, size, qty }],
      coupon: null,
      couponoffer: null,
      data: { name: 'Nusrat Jahan', phone, address, shipping_phone: phone, devliery_charge: store.insideTaka },
    });
    expect(placed.status).toBe(201);
    const orderId = placed.body.order_id as string;
    for (const [step, body] of [['confirm', {}], ['start-processing', {}], ['ship', { courier: 'Steadfast', tracking_code: 'SF1' }], ['deliver', {}]] as const) {
      expect({ step, status: (await store.call('POST', `/api/admin/orders/${orderId}/${step}`, store.tokens.care, body)).status }).toEqual({ step, status: 200 });
    }
    return { orderId, phone };
  }

  const ask = (orderId: string, body: Record<string, unknown>) => store.call('POST', `/api/public/orders/${orderId}/returns`, undefined, body);
  const care = (returnId: string, action: string, body: unknown = {}) => store.call('POST', `/api/admin/returns/${returnId}/${action}`, store.tokens.care, body);

  it('books pick-ups with Steadfast (its return request) and Pathao (a parcel under the return id), once, even when the answer was lost', async () => {
    const product = store.products[0];
    const small = product.sizes[0];
    await setAvailableStock(store.fixture, product.id, small, 5);
    const { orderId, phone } = await deliveredOrder(product, small, 2, 'House 12, Road 5, Dhanmondi, Dhaka');
    // The order's parcel went with Steadfast and was delivered there.
    const made = await fetch(`${steadfast.url}/create_order`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'api-key': steadfast.apiKey, 'secret-key': steadfast.secretKey },
      body: JSON.stringify({ invoice: orderId, recipient_name: 'Nusrat Jahan', recipient_phone: phone, recipient_address: 'House 12, Road 5, Dhanmondi', cod_amount: 0 }),
    });
    expect(made.status).toBe(200);
    steadfast.advance(steadfast.parcels.get(orderId)!.consignment_id, 'delivered');

    const first = await ask(orderId, { phone, product_id: product.id, size: small, unit: 1, kind: 'return', reason: 'size_too_big' });
    const returnId = first.body.return_id as string;
    expect((await care(returnId, 'approve')).status).toBe(200);

    // Steadfast makes the request but its answer never arrives: care is told to try again, the intent is kept.
    const release = steadfast.provider.holdAnswers();
    const lost = await care(returnId, 'pickup', { courier: 'steadfast' });
    release();
    expect(lost.status).toBe(503);
    expect(lost.body.code).toBe('courier-unavailable');
    const types = async () => (await query<{ type: string }>(store.server.databaseUrl, `SELECT type FROM events WHERE stream_id = $1 ORDER BY stream_position`, [`returns-${orderId}`])).map((row) => row.type);
    expect(await types()).toContain('ReturnPickupRequested');
    expect(await types()).not.toContain('ReturnPickupBooked');

    // The next try asks Steadfast for the request first and records it: one request, one booking.
    const again = await care(returnId, 'pickup', { courier: 'steadfast' });
    expect(again.status).toBe(200);
    const [held] = steadfast.returnRequests.filter((request) => request.reason?.startsWith(`${returnId}:`));
    expect(steadfast.returnRequests.filter((request) => request.reason?.startsWith(`${returnId}:`))).toHaveLength(1);
    expect(again.body.return).toMatchObject({ stage: 'pickup_booked', pickup_tracking_code: String(held.consignment_id) });
    expect((await care(returnId, 'pickup', { courier: 'steadfast' })).body.return.pickup_tracking_code).toBe(String(held.consignment_id));
    expect((await types()).filter((type) => type === 'ReturnPickupBooked')).toHaveLength(1);

    // The second unit goes with Pathao: a parcel to the shopper's door under the return id, nothing to collect.
    const second = await ask(orderId, { phone, product_id: product.id, size: small, unit: 2, kind: 'return', reason: 'size_too_big' });
    const secondId = second.body.return_id as string;
    expect((await care(secondId, 'approve')).status).toBe(200);
    const byPathao = await care(secondId, 'pickup', { courier: 'pathao' });
    expect(byPathao.status).toBe(200);
    const [parcel] = pathao.ordersOf(secondId);
    expect(parcel.recipient_address).toContain('Dhaka');
    expect(parcel).toMatchObject({ merchant_order_id: secondId, amount_to_collect: 0 });
    expect(byPathao.body.return).toMatchObject({ stage: 'pickup_booked', pickup_tracking_code: String(parcel.consignment_id) });
    expect((await care(secondId, 'pickup', { courier: 'pathao' })).status).toBe(200);
    expect(pathao.ordersOf(secondId)).toHaveLength(1);
  });
});
