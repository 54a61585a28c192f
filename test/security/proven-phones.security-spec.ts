import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { apiCaller, type Json } from '../support/api-caller';
import { outboxSettled } from '../support/outbox-settled';
import { SmsGatewayCapture, startSmsGatewayCapture } from '../support/sms-gateway-capture';
import { catalogProducts, deliveryCharges, openStoreFixture, setAvailableStock, type FixtureProduct, type StoreFixture } from '../support/store-fixture';
import { query } from '../support/sql-query';
import { useTestServer } from '../support/test-server';

/**
 * Issue 27, proven phones (ADR 057). An independent test found that a phone typed on an account was believed:
 * deleting that account named a stranger's orders in its refusal, reset the stranger's risk record and SMS-code
 * budget, and erased the stranger's pending order; the profile's "taken" answer told which numbers had accounts,
 * and the first to type a number blocked its owner. Each attack is replayed here as reported and must fail,
 * while the number's real owner (right phone, right code, right password) gets through during and after it.
 */
describe('a phone counts for an account only once a code proves it', () => {
  let gateway: SmsGatewayCapture;
  let fixture: StoreFixture;
  let product: FixtureProduct;
  let insideTaka: number;
  let care: string;
  let admin: string;
  beforeAll(async () => {
    gateway = await startSmsGatewayCapture();
  });
  // Each request from an address of its own (behind a trusted proxy), so the per-address limits of codes and
  // sign-ins stay out of the way of what is measured here: a phone's own budget and what an account may touch.
  const server = useTestServer(() => ({ env: { SMS_URL: gateway.url, TRUST_PROXY: 'loopback' } }));
  beforeAll(async () => {
    fixture = await openStoreFixture(server.databaseUrl);
    [product] = await catalogProducts(fixture);
    await setAvailableStock(fixture, product.id, product.sizes[0], 200);
    insideTaka = (await deliveryCharges(fixture)).insidePaisa / 100;
    care = (await login('care@teebazaar.test', 'TeeBazaar-Care-2026!')).access_token;
    admin = (await login('admin@teebazaar.test', 'TeeBazaar-Admin-2026!')).access_token;
  });
  afterAll(async () => {
    await fixture?.close();
    await gateway?.stop();
  });
  let addressSerial = 0;
  const call = async (method: string, path: string, token?: string, body?: unknown) => {
    const response = await fetch(`${server.baseUrl}${path}`, {
      method,
      headers: {
        'x-forwarded-for': `203.0.113.${(addressSerial = (addressSerial % 250) + 1)}`,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : undefined) as Json };
  };
  const { login } = apiCaller(() => server.baseUrl);

  let serial = 0;
  const newPhone = () => `016${String((Date.now() + (serial += 7_919)) % 100_000_000).padStart(8, '0')}`;
  const PASSWORD = 'a long shopper passphrase';

  const register = async (name: string, phone?: string) => {
    const email = `${name.split(' ')[0].toLowerCase()}.${randomUUID().slice(0, 8)}@gmail.com`;
    const answer = await call('POST', '/api/auth/register', undefined, { name, email, password: PASSWORD, ...(phone ? { phone_number: phone } : {}) });
    expect(answer.status).toBe(201);
    return { email, token: answer.body.access_token as string, user: answer.body.user as Json };
  };
  /** The six digits of the `count`th code SMS to `phone` (the shopper reads them on their phone); order SMS are not codes. */
  const isCode = (phone: string) => (sms: { number: string; message: string }) => sms.number === `88${phone}` && /^\d{6} /.test(sms.message);
  const codesSentTo = (phone: string) => gateway.to(phone).filter(isCode(phone)).length;
  const codeSentTo = async (phone: string, count: number) => {
    const messages = await gateway.waitForCount(isCode(phone), count, 30_000);
    return messages[count - 1].message.slice(0, 6);
  };
  /** The owner proves their number from the profile: a code to the phone, typed back. */
  const prove = async (token: string, phone: string) => {
    const before = codesSentTo(phone);
    expect((await call('POST', '/api/user/phone-code', token, { phone })).status).toBe(200);
    const verified = await call('POST', '/api/user/verify-phone', token, { phone, code: await codeSentTo(phone, before + 1) });
    expect(verified).toEqual({ status: 200, body: expect.objectContaining({ user: expect.objectContaining({ phone_number: phone, phone_verified: true }) }) });
  };
  const placeOrder = async (token: string | undefined, customer: { name: string; phone: string; shipping_phone?: string; address: string }) => {
    const answer = await call('POST', '/api/public/confirm-order', token, {
      cart: [{ id: product.id, size: product.sizes[0], qty: 1 }],
      coupon: null,
      couponoffer: null,
      data: { email: '', shipping_phone: customer.phone, devliery_charge: insideTaka, paymentMethod: 'cash', ...customer },
    });
    expect(answer.status).toBe(201);
    return String(answer.body.order_id);
  };
  const track = (orderId: string, phone: string) => call('GET', `/api/public/getOrderInformation?orderId=${orderId}&phone=${phone}`);
  const orderRow = async (orderId: string) =>
    (await query<Json>(server.databaseUrl, 'SELECT customer_name, phone, shipping_phone, address, status FROM order_details WHERE order_id = $1', [orderId]))[0];
  const smsFiles = () => {
    try {
      return readdirSync(join(server.dataDir, 'sms')).length;
    } catch {
      return 0;
    }
  };

  it('deleting an account with a stranger\'s phone typed on it names none of the stranger\'s orders and resets nothing of theirs', async () => {
    const victimPhone = newPhone();
    const victimAddress = 'House 3, Road 12, Sector 4, Uttara, Dhaka';
    const pending = await placeOrder(undefined, { name: 'Farzana Akter', phone: victimPhone, address: victimAddress });
    // The victim's number has a history: a block with care's words, codes asked this hour, SMS sent.
    expect((await call('POST', `/api/admin/phones/${victimPhone}/block`, admin, { reason: 'Refused two parcels in Uttara' })).status).toBe(200);
    expect((await call('POST', `/api/admin/phones/${victimPhone}/unblock`, admin, { reason: 'Called back, paid the courier' })).status).toBe(200);
    for (let asked = 0; asked < 2; asked += 1) expect((await call('POST', '/api/public/phone-codes', undefined, { phone: victimPhone, purpose: 'checkout' })).status).toBe(200);
    await gateway.waitForCount(isCode(victimPhone), 2, 30_000);
    await outboxSettled(server, 'sms');
    const risk = async () => (await call('GET', `/api/admin/phones/${victimPhone}`, care)).body;
    const riskBefore = await risk();
    expect(riskBefore.data).toEqual(expect.objectContaining({ placed: 1, blocked: false }));
    const codesBefore = await query(server.databaseUrl, 'SELECT count(*)::int AS n FROM phone_codes WHERE phone = $1', [victimPhone]);
    const filesBefore = smsFiles();

    // The attacker registers with the victim's number, then changes it and deletes again, as reported.
    const attacker = await register('Mizanur Rahman', victimPhone);
    expect(attacker.user).toEqual(expect.objectContaining({ phone_number: victimPhone, phone_verified: false }));
    const exported = await call('GET', '/api/customer/personal-data', attacker.token);
    expect(exported.status).toBe(200);
    expect(exported.body.data.orders).toEqual([]);
    expect(exported.body.data.phone_records).toEqual([]);
    expect(JSON.stringify(exported.body)).not.toContain('Refused two parcels');
    const deleted = await call('POST', '/api/customer/delete-account', attacker.token, { password: PASSWORD });
    expect(deleted).toEqual({ status: 200, body: expect.objectContaining({ success: true, message: expect.stringContaining('0 past order(s)') }) });
    expect(JSON.stringify(deleted.body)).not.toContain(pending);

    // The stranger's order is whole, trackable and theirs to cancel; their record, codes and SMS are as they were.
    expect(await orderRow(pending)).toEqual({ customer_name: 'Farzana Akter', phone: victimPhone, shipping_phone: victimPhone, address: victimAddress, status: 'pending' });
    expect((await track(pending, victimPhone)).status).toBe(200);
    expect(await risk()).toEqual(riskBefore);
    expect(await query(server.databaseUrl, 'SELECT count(*)::int AS n FROM phone_codes WHERE phone = $1', [victimPhone])).toEqual(codesBefore);
    expect(smsFiles()).toBe(filesBefore);
    // The code budget still holds: two codes this hour already, so of four more asked only three go (five an hour).
    for (let asked = 0; asked < 4; asked += 1) await call('POST', '/api/public/phone-codes', undefined, { phone: victimPhone, purpose: 'checkout' });
    await outboxSettled(server, 'sms');
    expect(codesSentTo(victimPhone)).toBe(5);
  });

  it('signed in with a victim\'s number as shipping phone, then deleting the account, leaves the victim\'s pending order deliverable', async () => {
    const victimPhone = newPhone();
    const victimAddress = 'Flat 5A, Road 27, Dhanmondi, Dhaka';
    const victimOrder = await placeOrder(undefined, { name: 'Nasima Begum', phone: victimPhone, address: victimAddress });
    const attackerPhone = newPhone();
    const attacker = await register('Kamal Hossain', attackerPhone);
    const own = await placeOrder(attacker.token, { name: 'Kamal Hossain', phone: attackerPhone, shipping_phone: victimPhone, address: 'Road 2, Mohammadpur, Dhaka' });
    expect((await call('POST', '/api/public/cancel-order', attacker.token, { orderId: own })).status).toBe(200);
    const deleted = await call('POST', '/api/customer/delete-account', attacker.token, { password: PASSWORD });
    expect(deleted).toEqual({ status: 200, body: expect.objectContaining({ message: expect.stringContaining('1 past order(s)') }) });
    // The attacker's own order is erased; the victim's is not touched.
    expect(await orderRow(own)).toEqual(expect.objectContaining({ customer_name: '[erased]', shipping_phone: '[erased]', address: '[erased]' }));
    expect(await orderRow(victimOrder)).toEqual({ customer_name: 'Nasima Begum', phone: victimPhone, shipping_phone: victimPhone, address: victimAddress, status: 'pending' });
    const tracked = await track(victimOrder, victimPhone);
    expect(tracked.status).toBe(200);
    expect(JSON.stringify(tracked.body)).toContain('Nasima Begum');
    // Care can still confirm and ship it.
    expect((await call('POST', `/api/admin/orders/${victimOrder}/confirm`, care, {})).status).toBe(200);
  });

  it('answers the same for any number typed in a profile, and the first to type a number does not block its owner', async () => {
    const owner = await register('Sharmin Sultana');
    const ownerPhone = newPhone();
    await prove(owner.token, ownerPhone);
    const prober = await register('Jahid Hasan');
    // A lookup of registered numbers, as reported (60 tries): a proven number, an unknown one, the prober's own.
    const answers = new Set<string>();
    for (let tried = 0; tried < 60; tried += 1) {
      const phone = tried % 3 === 0 ? ownerPhone : newPhone();
      const answer = await call('POST', '/api/user/updateUserFrontend', prober.token, { name: 'Jahid Hasan', phone_number: phone });
      answers.add(JSON.stringify({ status: answer.status, keys: Object.keys(answer.body).sort(), verified: answer.body.user?.phone_verified }));
    }
    expect([...answers]).toEqual([JSON.stringify({ status: 200, keys: ['message', 'success', 'user'], verified: false })]);
    // Typing the owner's number gave the prober nothing: the owner keeps it proven and recovers by it.
    await call('POST', '/api/user/updateUserFrontend', prober.token, { name: 'Jahid Hasan', phone_number: ownerPhone });
    expect((await call('GET', '/api/user/checkCurrentUser', owner.token)).body.user).toEqual(expect.objectContaining({ phone_number: ownerPhone, phone_verified: true }));
    expect((await call('POST', '/api/public/find-account', undefined, { phone: ownerPhone })).status).toBe(200);
    const before = codesSentTo(ownerPhone);
    expect((await call('POST', '/api/public/phone-codes', undefined, { phone: ownerPhone, purpose: 'recovery' })).status).toBe(200);
    const reset = await call('POST', '/api/public/reset-password-by-phone', undefined, {
      phone: ownerPhone, code: await codeSentTo(ownerPhone, before + 1), password: 'a new passphrase of hers', password_confirmation: 'a new passphrase of hers',
    });
    expect(reset.status).toBe(200);
    expect((await login(owner.email, 'a new passphrase of hers')).access_token).toEqual(expect.any(String));
    // A number first typed by someone else does not stop its owner registering with it and proving it.
    const squatted = newPhone();
    await register('Rubel Mia', squatted);
    const realOwner = await register('Rupa Khatun', squatted);
    expect(realOwner.user).toEqual(expect.objectContaining({ phone_number: squatted, phone_verified: false }));
    await prove(realOwner.token, squatted);
  });

  it('deleting an account does not lift a block on the number it proved', async () => {
    const owner = await register('Rashed Karim');
    const phone = newPhone();
    await prove(owner.token, phone);
    expect((await call('POST', `/api/admin/phones/${phone}/block`, admin, { reason: 'Five parcels refused in Mirpur' })).status).toBe(200);
    expect((await call('POST', '/api/customer/delete-account', owner.token, { password: PASSWORD })).status).toBe(200);
    expect((await call('GET', `/api/admin/phones/${phone}`, care)).body.data).toEqual(expect.objectContaining({ blocked: true, block_reason: 'Five parcels refused in Mirpur' }));
    const refused = await call('POST', '/api/public/confirm-order', undefined, {
      cart: [{ id: product.id, size: product.sizes[0], qty: 1 }],
      coupon: null,
      couponoffer: null,
      data: { name: 'Rashed Karim', email: '', phone, address: 'House 1, Road 1, Mirpur, Dhaka', shipping_phone: phone, devliery_charge: insideTaka, paymentMethod: 'cash' },
    });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);
  });

  it('claiming a proven number needs its code: without it the claimer gets nothing, with it the proof moves', async () => {
    const owner = await register('Tahmina Akter');
    const phone = newPhone();
    await prove(owner.token, phone);
    const guestOrder = await placeOrder(undefined, { name: 'Tahmina Akter', phone, address: 'House 9, Road 4, Banani, Dhaka' });
    const claimer = await register('Sohel Rana', phone);
    // The code goes to the number (the owner's phone), not to the claimer; guessing fails.
    const sent = codesSentTo(phone);
    expect((await call('POST', '/api/user/phone-code', claimer.token, { phone })).status).toBe(200);
    const code = await codeSentTo(phone, sent + 1);
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await call('POST', '/api/user/verify-phone', claimer.token, { phone, code: wrong })).status).toBe(422);
    // Unproven, the number shows the claimer none of the owner's orders and cannot reset the owner's password.
    expect((await call('GET', '/api/customer/personal-data', claimer.token)).body.data.orders).toEqual([]);
    const refusal = await call('POST', '/api/customer/delete-account', claimer.token, { password: PASSWORD });
    expect(JSON.stringify(refusal.body)).not.toContain(guestOrder);
    expect((await orderRow(guestOrder)).customer_name).toBe('Tahmina Akter');
    // The owner still holds it; a number that is given to someone else is proven by the code it receives.
    expect((await call('GET', '/api/user/checkCurrentUser', owner.token)).body.user).toEqual(expect.objectContaining({ phone_verified: true }));
    const newHolder = await register('Nadia Islam');
    await prove(newHolder.token, phone);
    expect((await call('GET', '/api/user/checkCurrentUser', owner.token)).body.user).toEqual(expect.objectContaining({ phone_number: phone, phone_verified: false }));
    const [withdrawn] = await query<{ type: string }>(server.databaseUrl, `SELECT type FROM events WHERE stream_id = $1 ORDER BY stream_position DESC LIMIT 1`, [`user-${owner.user.id}`]);
    expect(withdrawn.type).toBe('PhoneProofWithdrawn');
  });
});
