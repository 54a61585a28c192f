import { setAvailableStock, type FixtureProduct } from '../support/store-fixture';
import { readJson, useStaffApiStore } from '../support/api-store';
import { DemoGateway } from '../../server/payments/gateway/demo-gateway';

/**
 * Issue 30 (ADR 059): the area search, delivery zones in the settings, checkout priced by the picked area's
 * zone whatever the page sends, the advance that holds back confirmation, care's view and change of the address.
 */
describe('addresses, delivery zones and advances', () => {
  const store = useStaffApiStore();

  const ZONES = [
    { id: 'dhaka-city', name: 'Dhaka city', name_bn: 'ঢাকা শহর', charge: 70, per_kg: 15, days_min: 1, days_max: 2, areas: ['t-12', 't-26', 't-28'] },
    { id: 'dhaka-suburbs', name: 'Dhaka suburbs', name_bn: 'ঢাকার আশেপাশে', charge: 110, per_kg: 20, days_min: 2, days_max: 3, areas: ['d-47', 'u-320'] },
    { id: 'rest', name: 'Rest of the country', name_bn: 'সারা দেশ', charge: 140, per_kg: 25, days_min: 3, days_max: 5, areas: [] },
  ];

  let next = 0;
  async function product(units = 20): Promise<{ product: FixtureProduct; size: string }> {
    const chosen = store.products[next++];
    const size = chosen.sizes[0];
    await setAvailableStock(store.fixture, chosen.id, size, units);
    return { product: chosen, size };
  }

  let phone = 1_000_000;
  const newPhone = () => `0171${String(phone++).padStart(7, '0')}`;

  async function confirmOrder(data: Record<string, unknown>, qty = 1) {
    const { product: bought, size } = await product();
    const response = await fetch(`${store.server.baseUrl}/api/public/confirm-order`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        cart: [{ id: bought.id, size, qty }],
        coupon: null,
        data: { name: 'Rahima Akter', phone: newPhone(), shipping_phone: '01811111111', address: 'House 12, Road 3', paymentMethod: 'cash', ...data },
      }),
    });
    return { status: response.status, body: await readJson(response), price: bought.pricePaisa / 100 };
  }

  const careOrder = async (orderId: string) => (await store.call('GET', `/api/admin/orders/${orderId}`, store.tokens.care)).body;
  const areas = async (q: string) => {
    const response = await fetch(`${store.server.baseUrl}/api/public/areas?q=${encodeURIComponent(q)}`);
    return { status: response.status, body: await readJson(response), cache: response.headers.get('cache-control') };
  };

  beforeAll(async () => {
    const saved = await store.call('PUT', '/api/admin/settings', store.tokens.admin, { delivery_zones: ZONES, product_weight_grams: 300 });
    expect(saved.status).toBe(200);
  });

  it('finds areas by English or Bengali text with their district and zone, from two characters', async () => {
    const english = await areas('dhanm');
    expect(english.status).toBe(200);
    expect(english.cache).toContain('must-revalidate');
    expect(english.body.data[0]).toEqual({
      id: 't-12',
      name: 'Dhanmondi',
      name_bn: 'ধানমন্ডি',
      district: 'Dhaka',
      district_bn: 'ঢাকা',
      zone: { id: 'dhaka-city', name: 'Dhaka city', name_bn: 'ঢাকা শহর', charge: 70, per_kg: 15, days_min: 1, days_max: 2 },
    });
    expect((await areas('ধানম')).body.data[0].id).toBe('t-12');
    expect((await areas('savar')).body.data[0]).toMatchObject({ id: 'u-365', zone: { id: 'dhaka-suburbs' } });
    expect((await areas('panchagarh')).body.data[0]).toMatchObject({ id: 'd-53', zone: { id: 'rest', charge: 140 } });
    expect((await areas('d')).body).toEqual({ data: [] });
    expect((await areas('a'.repeat(101))).status).toBe(422);
  });

  it("keeps the specification's two charges answering from the zones, and writes a new inside charge into them", async () => {
    const row = (await (await fetch(`${store.server.baseUrl}/api/public/settingRow`)).json()).data;
    expect(row).toMatchObject({ devliery_charge_inside_dhk: 70, devliery_charge_outside_dhk: 140, product_weight_grams: 300 });
    const saved = await store.call('PUT', '/api/admin/settings', store.tokens.admin, { devliery_charge_inside_dhk: 75 });
    expect(saved.body.delivery_zones.find((zone: { id: string }) => zone.id === 'dhaka-city').charge).toBe(75);
    expect((await areas('dhanmondi')).body.data[0].zone.charge).toBe(75);
    // The console's form sends every field: the zones as they were do not undo a new inside charge.
    const form = (await store.call('GET', '/api/admin/settings', store.tokens.admin)).body;
    const whole = await store.call('PUT', '/api/admin/settings', store.tokens.admin, { ...form, devliery_charge_inside_dhk: 80 });
    expect(whole.body.delivery_zones.find((zone: { id: string }) => zone.id === 'dhaka-city').charge).toBe(80);
    await store.call('PUT', '/api/admin/settings', store.tokens.admin, { delivery_zones: ZONES });
    expect((await areas('dhanmondi')).body.data[0].zone.charge).toBe(70);
  });

  it('refuses zones where two list one area, or none is the rest of the country', async () => {
    const twice = await store.call('PUT', '/api/admin/settings', store.tokens.admin, { delivery_zones: [ZONES[0], { ...ZONES[1], areas: ['t-12'] }, ZONES[2]] });
    expect(twice.status).toBe(422);
    expect(JSON.stringify(twice.body.fields)).toContain('zone-area-twice');
    const noRest = await store.call('PUT', '/api/admin/settings', store.tokens.admin, { delivery_zones: [ZONES[0], ZONES[1]] });
    expect(noRest.status).toBe(422);
    expect(JSON.stringify(noRest.body.fields)).toContain('zone-rest-one');
  });

  it('prices an order to a Dhaka thana and one to a far district by their zones, whatever devliery_charge the page sends', async () => {
    const city = await confirmOrder({ area_id: 't-12', landmark: 'Near the lake', devliery_charge: 1 });
    expect(city.status).toBe(201);
    const cityOrder = await careOrder(city.body.order_id);
    expect(cityOrder.orderrow).toMatchObject({ devliery_charge: 70, grand_total: city.price + 70, address: 'House 12, Road 3' });
    expect(cityOrder.delivery_area).toMatchObject({ area_id: 't-12', district: 'Dhaka', thana: 'Dhanmondi', thana_bn: 'ধানমন্ডি', landmark: 'Near the lake', zone_id: 'dhaka-city', needs_completion: false });

    // Panchagarh Sadar: the rest of the country; no charge sent at all.
    const far = await confirmOrder({ area_id: 'u-399' });
    expect(far.status).toBe(201);
    expect((await careOrder(far.body.order_id)).orderrow).toMatchObject({ devliery_charge: 140, grand_total: far.price + 140 });
  });

  it('adds the per-kilogram step for each kilogram begun past the first (4 × 300 g = 1.2 kg)', async () => {
    const heavy = await confirmOrder({ area_id: 't-26', devliery_charge: 70 }, 4);
    expect(heavy.status).toBe(201);
    expect((await careOrder(heavy.body.order_id)).orderrow.devliery_charge).toBe(85);
  });

  it('refuses an unknown area on its field; without an area the inside/outside choice stands as before', async () => {
    const unknown = await confirmOrder({ area_id: 't-9999', devliery_charge: 70 });
    expect(unknown.status).toBe(422);
    expect(unknown.body.fields).toEqual({ area_id: ['area-unknown'] });
    const old = await confirmOrder({ address: 'House 4, Road 2, Mirpur, Dhaka', devliery_charge: 140 });
    expect(old.status).toBe(201);
    const view = await careOrder(old.body.order_id);
    expect(view.orderrow.devliery_charge).toBe(140);
    expect(view.delivery_area).toMatchObject({ area_id: null, district: 'Dhaka', district_from_text: true, needs_completion: false });
    const vague = await confirmOrder({ address: 'Near the big mosque, second lane', devliery_charge: 70 });
    expect((await careOrder(vague.body.order_id)).delivery_area).toMatchObject({ district: null, needs_completion: true });
  });

  it('holds back confirmation of an order that needs an advance until its bKash payment is verified; advance and due say the rest', async () => {
    await store.call('PUT', '/api/admin/settings', store.tokens.admin, { advance_rules: { first_order: true, amount: 'delivery_charge' } });
    try {
      const phoneOfBoth = newPhone();
      const placed = await confirmOrder({ phone: phoneOfBoth, area_id: 'u-399', bkash_number: '01911111111', transaction_id: 'ADV12345' });
      expect(placed.status).toBe(201);
      const orderId = placed.body.order_id;
      expect((await careOrder(orderId)).delivery_area.advance_required).toBe(140);
      expect((await careOrder(orderId)).orderrow).toMatchObject({ advance: 0, due: placed.price + 140 });

      const early = await store.call('POST', `/api/admin/orders/${orderId}/confirm`, store.tokens.care, {});
      expect(early.status).toBe(422);
      expect(early.body.fields).toEqual({ advance: ['advance-not-paid'] });
      expect(early.body.message).toContain('140');

      expect((await store.call('POST', `/api/admin/orders/${orderId}/verify-bkash`, store.tokens.care, {})).status).toBe(200);
      expect((await store.call('POST', `/api/admin/orders/${orderId}/confirm`, store.tokens.care, {})).status).toBe(200);
      expect((await careOrder(orderId)).orderrow).toMatchObject({ advance: 140, due: placed.price });

      // A phone's second order is no first order: no advance.
      const again = await confirmOrder({ phone: phoneOfBoth, area_id: 't-12' });
      expect((await careOrder(again.body.order_id)).delivery_area.advance_required).toBeNull();

      // A cash order placed without the transfer: the shopper's own order view says what to send; care records
      // the transaction the customer gives later when it verifies the payment.
      const phoneLater = newPhone();
      const later = await confirmOrder({ phone: phoneLater, area_id: 't-12' });
      const summary = await (await fetch(`${store.server.baseUrl}/api/public/getOrders?orderId=${later.body.order_id}&phone=${phoneLater}`)).json();
      expect(summary.orderrow).toMatchObject({ advance_required: 70, advance: 0, due: later.price + 70, transaction_id: null });
      expect((await store.call('POST', `/api/admin/orders/${later.body.order_id}/verify-bkash`, store.tokens.care, {})).body.fields).toEqual({ paymentMethod: ['order-not-bkash'] });
      expect((await store.call('POST', `/api/admin/orders/${later.body.order_id}/verify-bkash`, store.tokens.care, { transaction_id: 'late7788' })).status).toBe(200);
      expect((await store.call('POST', `/api/admin/orders/${later.body.order_id}/confirm`, store.tokens.care, {})).status).toBe(200);
      expect((await careOrder(later.body.order_id)).orderrow).toMatchObject({ advance: 70, due: later.price });
      // An order without an advance keeps the shape it had.
      expect((await careOrder(again.body.order_id)).orderrow).not.toHaveProperty('advance_required');
    } finally {
      await store.call('PUT', '/api/admin/settings', store.tokens.admin, { advance_rules: { first_order: false } });
    }
  });

  it('asks the advance through the demo gateway, whose payments any API process can serve (kept in PostgreSQL)', async () => {
    await store.call('PUT', '/api/admin/settings', store.tokens.admin, { advance_rules: { first_order: true, amount: 'delivery_charge' } });
    try {
      const owner = newPhone();
      const placed = await confirmOrder({ phone: owner, area_id: 't-12' });
      expect(placed.status).toBe(201);
      const orderId = placed.body.order_id;
      const paymentId = new URL(placed.body.payment_url).searchParams.get('paymentId')!;
      expect(paymentId).toMatch(/^DEMO/);
      // The demo page, served by this process, asks for the advance only.
      const page = await fetch(`${store.server.baseUrl}/api/payments/demo/pay?paymentId=${paymentId}`);
      expect(page.status).toBe(200);
      // A second API process (its own gateway object on the same database) sees the payment and takes the choice…
      const other = new DemoGateway(() => 'unused', store.fixture.dataSource);
      expect(await other.view(paymentId)).toEqual({ orderId, amountPaisa: 7000, choice: null });
      const callback = (await other.choose(paymentId, 'success'))!;
      // …and the callback, back on the first process, executes it once.
      const back = await fetch(`${store.server.baseUrl}${callback}`, { redirect: 'manual' });
      expect(back.status).toBe(303);
      expect(back.headers.get('location')).toBe(`/order-confirm?orderId=${orderId}&payment=paid`);
      const tracking = await (await fetch(`${store.server.baseUrl}/api/public/getOrderInformation?orderId=${orderId}&phone=${owner}`)).json();
      expect(tracking.data.payment).toMatchObject({ gateway: 'demo', state: 'paid', amount: 70, advance: true });
      expect(await other.status(paymentId)).toMatchObject({ state: 'completed', trxId: tracking.data.payment.trx_id, amountPaisa: 7000 });
      expect((await store.call('POST', `/api/admin/orders/${orderId}/confirm`, store.tokens.care, {})).status).toBe(200);
      // The order row follows once the payment is projected.
      for (let i = 0; i < 200 && (await careOrder(orderId)).orderrow.advance !== 70; i++) await new Promise((resolve) => setTimeout(resolve, 50));
      expect((await careOrder(orderId)).orderrow).toMatchObject({ advance: 70, due: placed.price });
    } finally {
      await store.call('PUT', '/api/admin/settings', store.tokens.admin, { advance_rules: { first_order: false } });
    }
  });

  it('lets care change the picked area: the event keeps the old and the new, the view shows the new', async () => {
    const placed = await confirmOrder({ area_id: 't-12', landmark: 'Near the lake' });
    const orderId = placed.body.order_id;
    const changed = await store.call('POST', `/api/admin/orders/${orderId}/shipping`, store.tokens.care, { area_id: 't-26', reason: 'Customer moved' });
    expect(changed.status).toBe(200);
    expect((await careOrder(orderId)).delivery_area).toMatchObject({ area_id: 't-26', thana: 'Mirpur', landmark: 'Near the lake' });
    // The event holds the new area and the one it replaced; thana, area id and landmark sealed like every
    // personal field (ADR 053), the district readable.
    const [raw] = await store.fixture.dataSource.query(`SELECT data FROM events WHERE stream_id = $1 AND type = 'ShippingDetailsChanged'`, [`order-${orderId}`]);
    expect(raw.data).toMatchObject({ deliveryArea: { district: 'Dhaka' }, previousArea: { district: 'Dhaka' } });
    for (const secret of ['Mirpur', 'Dhanmondi', 't-26', 't-12', 'Near the lake']) expect(JSON.stringify(raw.data)).not.toContain(secret);
    const unknown = await store.call('POST', `/api/admin/orders/${orderId}/shipping`, store.tokens.care, { area_id: 'u-99999', reason: 'typo' });
    expect(unknown.status).toBe(422);
  });

  it('re-prices the delivery by the zone when care moves the order to an area in another zone: the event keeps both charges, the order shows the new total', async () => {
    const placed = await confirmOrder({ area_id: 't-12' });
    const orderId = placed.body.order_id;
    expect((await careOrder(orderId)).orderrow).toMatchObject({ devliery_charge: 70, grand_total: placed.price + 70 });
    // Another Dhaka city thana: the same zone, the same charge; nothing re-priced.
    expect((await store.call('POST', `/api/admin/orders/${orderId}/shipping`, store.tokens.care, { area_id: 't-26', reason: 'Customer moved' })).status).toBe(200);
    expect((await careOrder(orderId)).orderrow).toMatchObject({ devliery_charge: 70, grand_total: placed.price + 70 });
    // Panchagarh Sadar: the rest of the country.
    const moved = await store.call('POST', `/api/admin/orders/${orderId}/shipping`, store.tokens.care, { area_id: 'u-399', reason: 'Sending to her mother instead' });
    expect(moved.status).toBe(200);
    const events: Array<{ data: Record<string, unknown> }> = await store.fixture.dataSource.query(
      `SELECT data FROM events WHERE stream_id = $1 AND type = 'ShippingDetailsChanged' ORDER BY stream_position`,
      [`order-${orderId}`],
    );
    expect(events).toHaveLength(2);
    expect(events[0].data.delivery).toBeUndefined();
    expect(events[1].data).toMatchObject({
      delivery: { previousChargePaisa: 7000, chargePaisa: 14000, zoneId: 'rest' },
      totals: { deliveryChargePaisa: 14000, grandTotalPaisa: (placed.price + 140) * 100 },
    });
    const view = await careOrder(orderId);
    expect(view.orderrow).toMatchObject({ devliery_charge: 140, grand_total: placed.price + 140 });
    expect(view.delivery_area).toMatchObject({ area_id: 'u-399', zone_id: 'rest' });
    // The shopper's tracking answer shows the amended total, and what the courier collects follows it.
    const tracking = await (await fetch(`${store.server.baseUrl}/api/public/getOrderInformation?orderId=${orderId}&phone=${view.orderrow.phone_number}`)).json();
    expect(tracking.data).toMatchObject({ devliery_charge: 140, grand_total: placed.price + 140, pay_on_delivery: placed.price + 140 });
    // A line added later keeps the new charge.
    const [line] = view.history;
    const changed = await store.call('POST', `/api/admin/orders/${orderId}/lines/${line.id}/${line.size}`, store.tokens.care, { qty: 2, reason: 'One more' });
    expect(changed.status).toBe(200);
    expect((await careOrder(orderId)).orderrow).toMatchObject({ devliery_charge: 140, grand_total: placed.price * 2 + 140 });
  });

  it("exports the structured address with the person's other data, and erasing the person erases it", async () => {
    const owner = newPhone();
    const placed = await confirmOrder({ phone: owner, area_id: 't-40', landmark: 'Opposite the school' });
    const exported = await store.call('GET', `/api/admin/personal-data?phone=${owner}`, store.tokens.care);
    expect(exported.body.data.orders).toEqual([expect.objectContaining({ order_id: placed.body.order_id, district: 'Dhaka', thana: 'Sher-e-Bangla Nagar', landmark: 'Opposite the school' })]);
    expect((await store.call('POST', `/api/admin/orders/${placed.body.order_id}/cancel`, store.tokens.care, { reason: 'test' })).status).toBe(200);
    expect((await store.call('POST', '/api/admin/personal-data/erase', store.tokens.admin, { phone: owner, reason: 'asked to be forgotten' })).status).toBe(200);
    const view = await careOrder(placed.body.order_id);
    expect(JSON.stringify(view)).not.toContain('Opposite the school');
    expect(JSON.stringify(view)).not.toContain('Sher-e-Bangla');
    expect(view.delivery_area.district).toBe('Dhaka');
  });
});
