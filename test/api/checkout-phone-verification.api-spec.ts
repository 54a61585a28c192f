import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { systemMetadata } from '../../server/common/request/request-metadata';
import { useStaffApiStore } from '../support/api-store';
import { createCoupon, setAvailableStock } from '../support/store-fixture';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

/**
 * Issue 17 at checkout: the store's `checkout_phone_verification` setting (off, risky, always), the phone proof a
 * code gives, the order recording the verified phone and the shopper's language, and a coupon for verified
 * phones only. SMS go to the file outbox (no SMS_URL).
 */
describe('phone verification at checkout', () => {
  const store = useStaffApiStore();
  let serial = 0;
  const newPhone = () => `016${String((Date.now() + (serial += 7_919)) % 100_000_000).padStart(8, '0')}`;

  const checkout = async (phone: string, extra: Record<string, unknown> = {}) => {
    const product = store.products[3];
    const response = await fetch(`${store.server.baseUrl}/api/public/confirm-order`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.${(serial % 250) + 1}` },
      body: JSON.stringify({
        cart: [{ id: product.id, size: product.sizes[0], qty: 1 }],
        coupon: null,
        couponoffer: null,
        data: { name: 'Jamal Hossain', phone, address: 'House 12, Road 4, Banani, Dhaka', shipping_phone: phone, devliery_charge: store.insideTaka, paymentMethod: 'cash' },
        ...extra,
      }),
    });
    return { status: response.status, body: (await response.json()) as Json };
  };

  const setVerification = async (value: string) => {
    const saved = await store.call('PUT', '/api/admin/settings', store.tokens.admin, { checkout_phone_verification: value });
    expect(saved.status).toBe(200);
    // The save answers once the settings are applied; the next checkout, on this same process, goes by them.
    expect(JSON.stringify((await store.call('GET', '/api/admin/settings', store.tokens.admin)).body)).toContain(`"checkout_phone_verification":"${value}"`);
  };

  /** A phone proof the way the checkout page gets one: a code by SMS (read from the outbox), then verify. */
  const proofFor = async (phone: string): Promise<string> => {
    expect((await store.call('POST', '/api/public/phone-codes', undefined, { phone, purpose: 'checkout' })).status).toBe(200);
    const dir = join(store.server.dataDir, 'sms');
    let code: string | undefined;
    for (const deadline = Date.now() + 30_000; !code && Date.now() < deadline; ) {
      try {
        for (const file of readdirSync(dir)) {
          const sms = JSON.parse(readFileSync(join(dir, file), 'utf8')) as { to: string; text: string };
          // The phone's order SMS are in the outbox too: a code's text starts with the code.
          const found = sms.to === phone ? /^(\d{6}) /.exec(sms.text)?.[1] : undefined;
          if (found) code = found;
        }
      } catch {
        // no outbox yet
      }
      if (!code) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const verified = await store.call('POST', '/api/public/phone-codes/verify', undefined, { phone, code });
    expect(verified.status).toBe(200);
    return verified.body.phone_proof;
  };

  const placedData = async (orderId: string) =>
    ((await store.fixture.dataSource.query(`SELECT data FROM events WHERE stream_id = $1 AND type = 'OrderPlaced'`, [`order-${orderId}`])) as Array<{ data: Json }>)[0].data;

  beforeAll(async () => {
    for (const product of store.products.slice(3, 4)) await setAvailableStock(store.fixture, product.id, product.sizes[0], 500);
  });

  it('asks nothing when the setting is off, and records the language and a valid proof on the order', async () => {
    const plain = await checkout(newPhone());
    expect(plain.status).toBe(201);
    expect(await placedData(plain.body.order_id)).not.toHaveProperty('phoneVerified');

    const phone = newPhone();
    const proven = await checkout(phone, { locale: 'bn', phone_proof: await proofFor(phone) });
    expect(proven.status).toBe(201);
    expect(await placedData(proven.body.order_id)).toMatchObject({ locale: 'bn', phoneVerified: true });
    // Another phone's proof proves nothing.
    const other = await checkout(newPhone(), { phone_proof: await proofFor(newPhone()) });
    expect(other.status).toBe(201);
    expect(await placedData(other.body.order_id)).not.toHaveProperty('phoneVerified');
    // An unknown language is read as English (the storefront's rule), never refused.
    const french = await checkout(newPhone(), { locale: 'fr' });
    expect(french.status).toBe(201);
    expect(await placedData(french.body.order_id)).not.toHaveProperty('locale');
  });

  it('lets a coupon for verified phones only be used with a proof', async () => {
    const code = `VERIFIED${randomUUID().slice(0, 4).toUpperCase()}`;
    await createCoupon(store.fixture, {
      code,
      percent: 15,
      validFrom: new Date(Date.now() - 60_000).toISOString(),
      validUntil: new Date(Date.now() + 86_400_000).toISOString(),
      totalLimit: 100,
      perPhoneLimit: 1,
      requiresVerifiedPhone: true,
    });
    const refused = await checkout(newPhone(), { coupon: code });
    expect(refused.status).toBe(422);
    const phone = newPhone();
    const accepted = await checkout(phone, { coupon: code, phone_proof: await proofFor(phone) });
    expect(accepted.status).toBe(201);
    expect(await placedData(accepted.body.order_id)).toMatchObject({ coupon: { code, percent: 15 }, phoneVerified: true });
  });

  it('asks every checkout for a proof when the setting is always, and only risky phones when it is risky', async () => {
    await setVerification('always');
    const phone = newPhone();
    const refused = await checkout(phone);
    expect(refused).toMatchObject({
      status: 422,
      body: { success: false, message: 'Please verify your phone number with the code we send you by SMS.', errors: { phone_proof: ['Please verify your phone number with the code we send you by SMS.'] } },
    });
    expect((await checkout(phone, { phone_proof: await proofFor(phone) })).status).toBe(201);

    await setVerification('risky');
    expect((await checkout(newPhone())).status).toBe(201);
    // A phone whose earlier order expired is risky: it must prove itself.
    const risky = newPhone();
    const orderId = (await checkout(risky)).body.order_id;
    await store.fixture.eventStore.append(`order-${orderId}`, 1, [{ type: 'OrderExpired', data: { orderId, at: new Date().toISOString(), pendingHours: 48 } }], systemMetadata('test'));
    for (const deadline = Date.now() + 30_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 100))) {
      const [row] = await store.fixture.dataSource.query('SELECT expired FROM phone_risk WHERE phone = $1', [risky]);
      if (row?.expired > 0) break;
    }
    expect((await checkout(risky)).body.errors).toEqual({ phone_proof: ['Please verify your phone number with the code we send you by SMS.'] });
    expect((await checkout(risky, { phone_proof: await proofFor(risky) })).status).toBe(201);
    await setVerification('off');
  }, 60_000);
});
