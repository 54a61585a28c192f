import { randomUUID } from 'node:crypto';
import { CUSTOMER_CANCEL_REASON } from '../../server/ordering/domain/order';
import { CUSTOMER_CANCEL_REASON as SMS_CUSTOMER_CANCEL_REASON } from '../../server/sms/templates/sms-texts';
import { apiCaller } from '../support/api-caller';
import { rebuildProjection, type StaffApiStore } from '../support/api-store';
import { SmsGatewayCapture, startSmsGatewayCapture } from '../support/sms-gateway-capture';
import { catalogProducts, openStoreFixture, setAvailableStock, type FixtureProduct, type StoreFixture } from '../support/store-fixture';
import { useTestServer } from '../support/test-server';

/**
 * Issue 32: a way forward and the truth for shoppers. A refused cash-on-delivery order can still be paid by bKash
 * through the gateway; the owner cancels a pending order from the account; a cancelled order's tracking shows
 * nothing to pay and no token; a bKash order's payment reads "not checked" until it is; order lines carry the
 * Bengali name; the SMS of a Bengali shopper (a code, a cancellation and its reason) are Bengali; and once a
 * phone is proven on an account its earlier guest orders join the account's history, by an event a rebuild follows.
 */
let serial = 0;
const newPhone = () => `019${String((Date.now() + (serial += 7_919)) % 100_000_000).padStart(8, '0')}`;
/** Latin words an SMS in Bengali may still hold: the store's name. Order ids, codes and links are not words. */
const ALLOWED_LATIN = new Set(['tee', 'bazaar']);

/** The Latin-letter words of a text other than the allowed ones, after links and ids (letters with digits) are taken out. */
function englishWords(text: string): string[] {
  return (text.replace(/https?:\/\/\S+/g, ' ').match(/[A-Za-z][A-Za-z0-9]*/g) ?? [])
    .filter((word) => !/\d/.test(word))
    .filter((word) => !ALLOWED_LATIN.has(word.toLowerCase()));
}

describe('a way forward, and states that say the truth (issue 32)', () => {
  let gateway: SmsGatewayCapture;
  beforeAll(async () => {
    gateway = await startSmsGatewayCapture();
  });
  const server = useTestServer(() => ({ env: { SMS_URL: gateway.url, COD_OPEN_ORDERS_PER_PHONE: '1', CHECKOUT_LIMIT_PER_IP_HOUR: '0', CHECKOUT_UNITS_PER_IP_HOUR: '0' } }));
  afterAll(() => gateway?.stop());
  const { call, login, signInEveryRole } = apiCaller(() => server.baseUrl);
  let fixture: StoreFixture;
  let tiger: FixtureProduct;
  let tokens: Awaited<ReturnType<typeof signInEveryRole>>;
  beforeAll(async () => {
    fixture = await openStoreFixture(server.databaseUrl);
    tiger = (await catalogProducts(fixture)).find((product) => product.slug === 'men-royal-bengal-tiger-tee')!;
    await setAvailableStock(fixture, tiger.id, tiger.sizes[0], 50);
    tokens = await signInEveryRole();
  });
  afterAll(() => fixture?.close());

  const order = (phone: string, options: { token?: string; paymentMethod?: 'cash' | 'bkash'; locale?: 'bn' | 'en' } = {}) =>
    call('POST', '/api/public/confirm-order', options.token, {
      cart: [{ id: tiger.id, size: tiger.sizes[0], qty: 1 }],
      coupon: null,
      couponoffer: null,
      locale: options.locale ?? 'en',
      data: { name: 'Shirin Akter', phone, address: 'House 3, Road 5, Mirpur', shipping_phone: phone, devliery_charge: 70, paymentMethod: options.paymentMethod ?? 'cash' },
    });
  const smsTo = (phone: string, count = 1) => gateway.waitForCount((sms) => sms.number === `88${phone}`, count, 30_000);

  it('refuses a second open cash order on a phone, and takes the same order paid by bKash through the gateway', async () => {
    const phone = newPhone();
    expect((await order(phone)).status).toBe(201);
    const refused = await order(phone);
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('too-many-open-orders');
    // The settings answer the storefront reads: the hotline the refusal offers to call.
    expect(String((await call('GET', '/api/public/settingRow')).body.data.hotline)).toMatch(/\d{6,}/);
    const byBkash = await order(phone, { paymentMethod: 'bkash' });
    expect(byBkash.status).toBe(201);
    expect(byBkash.body.payment_url).toEqual(expect.any(String));
    // A bKash order says its payment is not checked yet, so the confirmation page never says "paid".
    const summary = await call('GET', `/api/public/getOrders?orderId=${byBkash.body.order_id}&phone=${phone}`);
    expect(summary.status).toBe(200);
    expect(summary.body.orderrow.bkash_paid).toBe(false);
  });

  it('lets the signed-in owner cancel a pending order; its tracking then shows nothing to pay and no token, lines in Bengali', async () => {
    const phone = newPhone();
    const placed = await order(phone, { token: tokens.customer });
    expect(placed.status).toBe(201);
    const orderId = placed.body.order_id as string;
    const cancelled = await call('POST', '/api/public/cancel-order', tokens.customer, { orderId });
    expect(cancelled).toMatchObject({ status: 200, body: { order_status_name: 'Cancelled' } });
    const tracking = await call('GET', `/api/public/getOrderInformation?orderId=${orderId}&phone=${phone}`);
    expect(tracking.body.data).toMatchObject({ order_status_name: 'Cancelled', pay_on_delivery: 0, lucky_draw_tokens: [] });
    expect(tracking.body.data.items[0]).toMatchObject({ name: 'Royal Bengal Tiger Tee', name_bn: 'রয়েল বেঙ্গল টাইগার টি-শার্ট' });
    expect(tracking.body.data.steps.map((step: { step: string }) => step.step)).toEqual(['placed', 'cancelled']);
    const details = await call('GET', `/api/orders/getOrdersHistory?order_id=${orderId}`, tokens.customer);
    expect(details.status).toBe(200);
    expect(details.body.data.data.orderhistory[0].name_bn).toBe('রয়েল বেঙ্গল টাইগার টি-শার্ট');
  });

  it('sends a Bengali shopper a Bengali code and a Bengali cancellation with its reason, with no English word but the store name', async () => {
    expect(SMS_CUSTOMER_CANCEL_REASON).toBe(CUSTOMER_CANCEL_REASON);
    const phone = newPhone();
    expect((await call('POST', '/api/public/phone-codes', undefined, { phone, purpose: 'checkout', locale: 'bn' })).status).toBe(200);
    const [code] = await smsTo(phone);
    expect(code.message).toMatch(/^\d{6} আপনার .* কোড।/u);
    const placed = await order(phone, { locale: 'bn' });
    expect((await call('POST', '/api/public/cancel-order', undefined, { orderId: placed.body.order_id, phone })).status).toBe(200);
    const messages = await smsTo(phone, 3);
    const cancelled = messages.find((sms) => sms.message.includes('বাতিল'))!;
    expect(cancelled.message).toContain('কারণ: আপনার অনুরোধে বাতিল');
    // The order id (8 letters and digits, e.g. 4KSGZPMQ) is a code, not a word.
    for (const sms of messages) expect(englishWords(sms.message.split(placed.body.order_id).join(' '))).toEqual([]);
  });

  it('joins the guest orders of a phone to the account once the account proves it, not before, and a rebuild agrees', async () => {
    const phone = newPhone();
    const guest = (await order(phone)).body.order_id as string;
    const email = `proven.${randomUUID().slice(0, 8)}@example.com`;
    expect((await call('POST', '/api/auth/register', undefined, { name: 'Shirin Akter', email, password: 'a long shopper passphrase', phone_number: phone })).status).toBe(201);
    const token = (await login(email, 'a long shopper passphrase')).access_token;
    const history = async () => ((await call('GET', '/api/orders/getOrders', token)).body.data as Array<{ orderId: string }>).map((row) => row.orderId);
    // Typed on the account is not proven: the guest order stays out of its history.
    expect(await history()).not.toContain(guest);
    expect((await call('POST', '/api/user/phone-code', token, { phone })).status).toBe(200);
    const [sent] = await gateway.waitForCount((sms) => sms.number === `88${phone}` && /^\d{6} /.test(sms.message), 1, 30_000);
    const verified = await call('POST', '/api/user/verify-phone', token, { phone, code: sent.message.slice(0, 6) });
    expect(verified.status).toBe(200);
    for (const deadline = Date.now() + 15_000; !(await history()).includes(guest) && Date.now() < deadline; ) await new Promise((done) => setTimeout(done, 100));
    expect(await history()).toContain(guest);
    const [joined] = await fixture.dataSource.query(`SELECT data FROM events WHERE type = 'GuestOrdersJoined' ORDER BY global_position DESC LIMIT 1`);
    expect(joined.data.orderIds).toEqual([guest]);
    // The owner may now read and cancel it from the account.
    expect((await call('POST', '/api/public/cancel-order', token, { orderId: guest })).status).toBe(200);
    const staff = { server, call, login, tokens } as unknown as StaffApiStore;
    expect((await rebuildProjection(staff, 'order-tracking'))?.state).toBe('done');
    expect(await history()).toContain(guest);
  });

  it('keeps a customer\'s structured delivery address on the account, sealed in its event, in the export', async () => {
    const email = `address.${randomUUID().slice(0, 8)}@example.com`;
    expect((await call('POST', '/api/auth/register', undefined, { name: 'Rafiq Islam', email, password: 'a long shopper passphrase' })).status).toBe(201);
    const token = (await login(email, 'a long shopper passphrase')).access_token;
    expect(await call('GET', '/api/user/delivery-address', token)).toEqual({ status: 200, body: { success: true, address: null } });
    const unknown = await call('POST', '/api/user/delivery-address', token, { area_id: 't-99999', address: 'House 7, Road 11' });
    expect(unknown.status).toBe(422);
    expect(unknown.body.fields.area_id).toEqual(['area-unknown']);
    const saved = await call('POST', '/api/user/delivery-address', token, { area_id: 't-12', address: 'House 7, Road 11', landmark: 'Opposite the mosque' });
    expect(saved.status).toBe(200);
    expect(saved.body.address).toMatchObject({ area_id: 't-12', address: 'House 7, Road 11', landmark: 'Opposite the mosque', district: 'Dhaka' });
    expect((await call('GET', '/api/user/delivery-address', token)).body.address).toEqual(saved.body.address);
    const [event] = await fixture.dataSource.query(`SELECT data::text AS data FROM events WHERE type = 'DeliveryAddressSaved' ORDER BY global_position DESC LIMIT 1`);
    expect(event.data).toContain('t-12');
    expect(event.data).not.toContain('House 7');
    const exported = await call('GET', '/api/customer/personal-data', token);
    expect(exported.status).toBe(200);
    expect(JSON.stringify(exported.body)).toContain('House 7, Road 11');
  });
});
