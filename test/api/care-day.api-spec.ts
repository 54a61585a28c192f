import { type Json } from '../support/api-caller';
import { useStaffApiStore } from '../support/api-store';
import { outboxSettled } from '../support/outbox-settled';
import { startSmsGatewayCapture, type SmsGatewayCapture } from '../support/sms-gateway-capture';
import { setAvailableStock } from '../support/store-fixture';

const BENGALI_DIGITS = '০১২৩৪৫৬৭৮৯';
const bengali = (value: number) => String(value).replace(/\d/g, (digit) => BENGALI_DIGITS[Number(digit)]);

/**
 * Issue 31, care's day: the shopper is texted once, in their language, when care's amendment moves the total
 * (never when it does not); the shipped SMS names the cash the courier collects; the timeline's events say what
 * they changed from; the order list's poll answers a number that moves when an order is placed.
 */
describe('care\'s day: amendment and shipped SMS, the timeline\'s from and to, the order list\'s poll', () => {
  let gateway: SmsGatewayCapture;
  const env: Record<string, string> = {};
  beforeAll(async () => {
    gateway = await startSmsGatewayCapture();
    env.SMS_URL = gateway.url;
  });
  const store = useStaffApiStore({ env });
  const { call } = store;
  afterAll(async () => {
    await gateway?.stop();
  });

  let serial = 0;
  const newPhone = () => `0181${String(Date.now() % 10_000_000 + (serial += 1) * 7919).slice(-7).padStart(7, '0')}`;
  const place = async (phone: string, productId: number, size: string, locale: 'en' | 'bn') => {
    const { status, body } = await call('POST', '/api/public/confirm-order', undefined, {
      cart: [{ id: productId, size, qty: 1 }],
      coupon: null,
      couponoffer: null,
      locale,
      data: { name: 'Shirin Sultana', phone, address: 'House 4, Road 2, Zindabazar, Sylhet', shipping_phone: phone, devliery_charge: store.insideTaka, paymentMethod: 'cash' },
    });
    expect(status).toBe(201);
    return body.order_id as string;
  };
  const staff = (method: 'GET' | 'POST', path: string, body?: unknown) => call(method, path, store.tokens.care, body);
  const careView = async (orderId: string) => (await staff('GET', `/api/admin/orders/${orderId}`)).body;

  it('texts the new total once, in Bengali, when an amendment moves it; not for a change that keeps it; and names the actor and what changed from what', async () => {
    const product = store.products.find((candidate) => candidate.sizes.length >= 2)!;
    const [small, large] = product.sizes;
    for (const size of product.sizes) await setAvailableStock(store.fixture, product.id, size, 20);
    const phone = newPhone();
    const orderId = await place(phone, product.id, small, 'bn');

    const doubled = await staff('POST', `/api/admin/orders/${orderId}/lines/${product.id}/${small}`, { qty: 2, reason: 'দুটো চেয়েছেন' });
    expect(doubled.status).toBe(200);
    const newTotal = doubled.body.grand_total as number;
    // Same product, another size, same price: the total stays and nothing is texted.
    expect((await staff('POST', `/api/admin/orders/${orderId}/lines/${product.id}/${small}`, { size: large, reason: 'বড় সাইজ' })).status).toBe(200);
    expect((await staff('POST', `/api/admin/orders/${orderId}/shipping`, { address: 'House 9, Road 1, Amberkhana, Sylhet', reason: 'moved' })).status).toBe(200);
    await outboxSettled(store.server, 'sms');

    const texts = gateway.to(phone).map((sms) => sms.message);
    expect(texts).toHaveLength(2);
    const amended = texts.filter((text) => text.includes('নতুন মোট'));
    expect(amended).toEqual([expect.stringContaining(`নতুন মোট ${bengali(newTotal)} টাকা`)]);
    expect(amended[0]).toContain(orderId);

    const view = await careView(orderId);
    const timeline = view.timeline as Json[];
    const changes = timeline.filter((entry) => entry.event === 'OrderLineChanged');
    expect(changes.map((entry) => [entry.details.from, entry.details.to])).toEqual([
      [{ productId: product.id, size: small.toUpperCase(), quantity: 1 }, { productId: product.id, size: small.toUpperCase(), quantity: 2 }],
      [{ productId: product.id, size: small.toUpperCase(), quantity: 2 }, { productId: product.id, size: large.toUpperCase(), quantity: 2 }],
    ]);
    expect(changes[0].details.previousGrandTotalPaisa).toBe(Math.round(newTotal * 100) - product.pricePaisa);
    expect(changes[0].actor).toMatchObject({ role: 'care', name: 'Customer Care' });
    const moved = timeline.find((entry) => entry.event === 'ShippingDetailsChanged')!;
    expect(moved.details).toMatchObject({ previousAddress: 'House 4, Road 2, Zindabazar, Sylhet', address: 'House 9, Road 1, Amberkhana, Sylhet' });
  });

  it('texts the new total once when care moves the order to an area in another zone (the delivery re-priced), not for one in the same zone', async () => {
    const product = store.products[0];
    await setAvailableStock(store.fixture, product.id, product.sizes[0], 20);
    const phone = newPhone();
    const { status, body } = await call('POST', '/api/public/confirm-order', undefined, {
      cart: [{ id: product.id, size: product.sizes[0], qty: 1 }],
      coupon: null,
      couponoffer: null,
      data: { name: 'Shirin Sultana', phone, address: 'House 4, Road 2', area_id: 't-12', shipping_phone: phone, devliery_charge: store.insideTaka, paymentMethod: 'cash' },
    });
    expect(status).toBe(201);
    const orderId = body.order_id as string;
    // Another Dhaka city thana: the same zone and charge, nothing to text.
    expect((await staff('POST', `/api/admin/orders/${orderId}/shipping`, { area_id: 't-26', reason: 'moved' })).status).toBe(200);
    // Panchagarh Sadar: the rest of the country, a dearer delivery.
    expect((await staff('POST', `/api/admin/orders/${orderId}/shipping`, { area_id: 'u-399', reason: 'sending to her mother' })).status).toBe(200);
    const newTotal = (await careView(orderId)).orderrow.grand_total as number;
    await outboxSettled(store.server, 'sms');
    const amended = gateway.to(phone).filter((sms) => sms.message.includes('New total'));
    expect(amended.map((sms) => sms.message)).toEqual([expect.stringContaining(`New total Tk ${newTotal}`)]);
  });

  it('names the cash to collect, the amended total, in the shipped SMS, once', async () => {
    const product = store.products[0];
    await setAvailableStock(store.fixture, product.id, product.sizes[0], 20);
    const phone = newPhone();
    const orderId = await place(phone, product.id, product.sizes[0], 'en');
    const amended = await staff('POST', `/api/admin/orders/${orderId}/lines/${product.id}/${product.sizes[0]}`, { qty: 3, reason: 'three for the family' });
    const total = amended.body.grand_total as number;
    for (const step of ['confirm', 'start-processing']) expect((await staff('POST', `/api/admin/orders/${orderId}/${step}`, {})).status).toBe(200);
    expect((await staff('POST', `/api/admin/orders/${orderId}/ship`, { courier: 'Pathao', tracking_code: 'PT-31031' })).status).toBe(200);
    const shipped = await gateway.waitFor((sms) => sms.number === `88${phone}` && sms.message.includes('on its way'));
    expect(shipped.message).toContain(`Please pay Tk ${total} on delivery.`);
    expect(shipped.message).toContain('Courier: Pathao, tracking code: PT-31031.');
    await outboxSettled(store.server, 'sms');
    expect(gateway.to(phone).filter((sms) => sms.message.includes('on its way'))).toHaveLength(1);
  });

  it('answers the order list\'s poll with a number that moves when an order is placed, to staff only', async () => {
    const before = await staff('GET', '/api/admin/orders/latest-version');
    expect(before.status).toBe(200);
    expect(before.body).toEqual({ success: true, version: expect.any(Number), latest_order_id: expect.any(String), latest_placed_at: expect.any(String) });
    const product = store.products[0];
    await setAvailableStock(store.fixture, product.id, product.sizes[0], 20);
    const orderId = await place(newPhone(), product.id, product.sizes[0], 'en');
    // One answer serves a process for a second: the next polls see the new order.
    let after = before;
    for (const deadline = Date.now() + 5_000; after.body.latest_order_id !== orderId && Date.now() < deadline; ) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      after = await staff('GET', '/api/admin/orders/latest-version');
    }
    expect(after.body.latest_order_id).toBe(orderId);
    expect(after.body.version).toBeGreaterThan(before.body.version);
    expect((await call('GET', '/api/admin/orders/latest-version', store.tokens.customer)).status).toBe(403);
    expect((await call('GET', '/api/admin/orders/latest-version')).status).toBe(401);
  });
});
