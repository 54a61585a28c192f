import { randomUUID } from 'node:crypto';
import IORedis from 'ioredis';
import type { Json } from '../support/api-caller';
import { provideRedis, redisValueAsText, TestRedis } from '../support/redis';
import { query } from '../support/sql-query';
import { SmsGatewayCapture, startSmsGatewayCapture } from '../support/sms-gateway-capture';
import { startStoreProcess, StoreProcess } from '../support/store-process';
import { createTestDatabase } from '../support/test-database';
import { useTestServer } from '../support/test-server';
import { outboxSettled } from '../support/outbox-settled';

/**
 * Phone codes (issue 17): six digits sent by SMS, only their HMAC at rest (every table, Redis and the log
 * are searched for the code), five minutes, three tries, one use, limits per phone and address; a code puts a
 * verified phone on an account, recovers an account by phone, and proves a checkout's phone.
 */
type Answer = { status: number; body: Json };

let addressSerial = 0;
const newAddress = () => `198.51.100.${(addressSerial = (addressSerial % 250) + 1)}`;
let phoneSerial = 0;
const newPhone = () => `018${String((Date.now() + (phoneSerial += 104_729)) % 100_000_000).padStart(8, '0')}`;

function caller(baseUrl: () => string) {
  return async (path: string, body: unknown, options: { token?: string; ip?: string } = {}): Promise<Answer> => {
    const response = await fetch(`${baseUrl()}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': options.ip ?? newAddress(),
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : {} };
  };
}

/** The code of the latest SMS to `phone`: the first six digits of its text. */
async function codeSentTo(gateway: SmsGatewayCapture, phone: string, count = 1): Promise<string> {
  const messages = await gateway.waitForCount((sms) => sms.number === `88${phone}`, count, 30_000);
  return /^(\d{6}) /.exec(messages[count - 1].message)![1];
}

const PASSWORD = 'mango-season-rajshahi-9';
const INVALID = 'The code is wrong or has expired. Please check the SMS or ask for a new code.';

async function registerWithPhone(post: ReturnType<typeof caller>, phone: string): Promise<{ email: string; token: string }> {
  const email = `phone.${randomUUID().slice(0, 8)}@example.com`;
  const registered = await post('/api/auth/register', { name: 'Nusrat Jahan', email, password: PASSWORD, phone_number: `+880 ${phone.slice(1, 5)}-${phone.slice(5)}` });
  expect(registered.status).toBe(201);
  expect(registered.body.user).toMatchObject({ phone_number: phone, phone_verified: false });
  return { email, token: registered.body.access_token };
}

/** Registers with the phone and proves it with the first code sent to it: only a proven phone recovers an account (ADR 057). */
async function registerWithProvenPhone(post: ReturnType<typeof caller>, gateway: SmsGatewayCapture, phone: string): Promise<{ email: string; token: string }> {
  const account = await registerWithPhone(post, phone);
  expect((await post('/api/user/phone-code', { phone }, { token: account.token })).status).toBe(200);
  const verified = await post('/api/user/verify-phone', { phone, code: await codeSentTo(gateway, phone) }, { token: account.token });
  expect(verified.body.user).toMatchObject({ phone_number: phone, phone_verified: true });
  return account;
}

describe('phone codes', () => {
  let gateway: SmsGatewayCapture;
  beforeAll(async () => {
    gateway = await startSmsGatewayCapture();
  });
  const server = useTestServer(() => ({ env: { SEED_DEMO: 'false', SMS_URL: gateway.url } }));
  afterAll(() => gateway?.stop());
  const post = caller(() => server.baseUrl);

  it('recovers an account by phone: the code proves the phone, the new password works, the code works once', async () => {
    const phone = newPhone();
    const { email } = await registerWithProvenPhone(post, gateway, phone);
    // Typed as a person would, in Bengali digits with the country code.
    const typed = `+৮৮০ ${phone.slice(1).replace(/\d/g, (digit) => '০১২৩৪৫৬৭৮৯'[Number(digit)])}`;
    const asked = await post('/api/public/phone-codes', { phone: typed, purpose: 'recovery' });
    expect(asked).toEqual({ status: 200, body: { success: true, message: expect.stringContaining('If this number can get a code') } });
    const code = await codeSentTo(gateway, phone, 2);
    const reset = await post('/api/public/reset-password-by-phone', { phone, code, password: 'new-pass-for-sylhet-tea', password_confirmation: 'new-pass-for-sylhet-tea' });
    expect(reset).toEqual({ status: 200, body: { success: true, message: 'Your password has been reset. Please log in with your new password.' } });
    expect((await post('/api/auth/userLogin', { email, password: PASSWORD })).status).not.toBe(200);
    const signedIn = await post('/api/auth/userLogin', { email, password: 'new-pass-for-sylhet-tea' });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user).toMatchObject({ phone_number: phone, phone_verified: true });
    // Used once: the same code again is refused.
    const again = await post('/api/public/reset-password-by-phone', { phone, code, password: 'another-pass-for-khulna', password_confirmation: 'another-pass-for-khulna' });
    expect(again).toMatchObject({ status: 422, body: { success: false, message: INVALID, errors: { code: [INVALID] } } });
  });

  it('answers the same for a phone without an account, or only typed on one, and sends it nothing', async () => {
    const phone = newPhone();
    const typed = newPhone();
    await registerWithPhone(post, typed);
    for (const number of [phone, typed]) {
      const asked = await post('/api/public/phone-codes', { phone: number, purpose: 'recovery' });
      expect(asked.status).toBe(200);
      expect(asked.body.message).toContain('If this number can get a code');
    }
    expect((await post('/api/public/find-account', { phone: typed })).status).toBe(404);
    await outboxSettled(server, 'sms');
    expect(gateway.to(phone)).toHaveLength(0);
    expect(gateway.to(typed)).toHaveLength(0);
  });

  it('refuses the right code after three wrong ones, and an expired code', async () => {
    const phone = newPhone();
    await registerWithProvenPhone(post, gateway, phone);
    expect((await post('/api/public/phone-codes', { phone, purpose: 'recovery' })).status).toBe(200);
    const code = await codeSentTo(gateway, phone, 2);
    const wrong = code === '000000' ? '111111' : '000000';
    const body = (guess: string) => ({ phone, code: guess, password: 'new-pass-for-sylhet-tea', password_confirmation: 'new-pass-for-sylhet-tea' });
    for (let tries = 0; tries < 3; tries += 1) expect((await post('/api/public/reset-password-by-phone', body(wrong))).status).toBe(422);
    expect((await post('/api/public/reset-password-by-phone', body(code))).body.errors).toEqual({ code: [INVALID] });

    expect((await post('/api/public/phone-codes', { phone, purpose: 'recovery' })).status).toBe(200);
    const fresh = await codeSentTo(gateway, phone, 3);
    await query(server.databaseUrl, `UPDATE phone_codes SET expires_at = now() - interval '1 second' WHERE phone = $1`, [phone]);
    expect((await post('/api/public/reset-password-by-phone', body(fresh))).body.errors).toEqual({ code: [INVALID] });
  });

  it('limits codes per phone at one address and per phone in all', async () => {
    const phone = newPhone();
    const ip = newAddress();
    for (let asked = 0; asked < 3; asked += 1) expect((await post('/api/public/phone-codes', { phone, purpose: 'checkout' }, { ip })).status).toBe(200);
    const limited = await post('/api/public/phone-codes', { phone, purpose: 'checkout' }, { ip });
    expect(limited.status).toBe(429);
    expect(limited.body.message).toMatch(/^Too many attempts\. Please wait/);
    // From other addresses the answer stays the same, but the phone gets at most five codes an hour.
    for (let asked = 0; asked < 4; asked += 1) expect((await post('/api/public/phone-codes', { phone, purpose: 'checkout' })).status).toBe(200);
    await gateway.waitForCount((sms) => sms.number === `88${phone}`, 5, 30_000);
    await outboxSettled(server, 'sms');
    expect(gateway.to(phone)).toHaveLength(5);
  });

  it('puts a verified phone on the signed-in account, and a phone typed in the profile stays unverified', async () => {
    const phone = newPhone();
    const { token } = await registerWithPhone(post, newPhone());
    expect((await post('/api/user/phone-code', { phone, locale: 'bn' }, { token })).status).toBe(200);
    const sms = await gateway.waitFor((message) => message.number === `88${phone}`);
    expect(sms.message).toMatch(/^\d{6} আপনার Our store কোড। ৫ মিনিট বৈধ।/);
    const code = sms.message.slice(0, 6);
    const verified = await post('/api/user/verify-phone', { phone, code }, { token });
    expect(verified.status).toBe(200);
    expect(verified.body.user).toMatchObject({ phone_number: phone, phone_verified: true });
    const typed = await post('/api/user/updateUserFrontend', { name: 'Nusrat Jahan', phone_number: newPhone() }, { token });
    expect(typed.body.user).toMatchObject({ phone_verified: false });
  });

  it('gives a checkout code a phone proof, and a checkout with a verified phone records it', async () => {
    const phone = newPhone();
    expect((await post('/api/public/phone-codes', { phone, purpose: 'checkout' })).status).toBe(200);
    const code = await codeSentTo(gateway, phone);
    const proof = await post('/api/public/phone-codes/verify', { phone, code });
    expect(proof).toEqual({ status: 200, body: { success: true, message: 'Your phone number is verified.', phone_proof: expect.any(String), expires_at: expect.any(String) } });
    expect((await post('/api/public/phone-codes/verify', { phone, code })).status).toBe(422);
  });
});

describe('phone codes at rest', () => {
  let redis: TestRedis;
  let gateway: SmsGatewayCapture;
  let store: StoreProcess;
  let database: { url: string; drop(): Promise<void> };
  const post = caller(() => store.baseUrl);
  beforeAll(async () => {
    redis = await provideRedis();
    gateway = await startSmsGatewayCapture();
    database = await createTestDatabase('phone-codes');
    store = await startStoreProcess({
      databaseUrl: database.url,
      env: { SEED_DEMO: 'false', REDIS_URL: redis.url, SMS_URL: gateway.url, LOG_LEVEL: 'verbose', TRUST_PROXY: 'loopback' },
    });
  }, 240_000);
  afterAll(async () => {
    await store?.stop();
    await database?.drop();
    await gateway?.stop();
    await redis?.close();
  });

  it('keeps the code out of every table, Redis and the log', async () => {
    const phone = newPhone();
    await registerWithProvenPhone(post, gateway, phone);
    expect((await post('/api/public/phone-codes', { phone, purpose: 'recovery' })).status).toBe(200);
    const code = await codeSentTo(gateway, phone, 2);
    // Wrong tries and the right one pass through the request log too.
    expect((await post('/api/public/reset-password-by-phone', { phone, code: code === '000000' ? '111111' : '000000', password: 'x', password_confirmation: 'x' })).status).toBe(422);
    expect((await post('/api/public/reset-password-by-phone', { phone, code, password: 'new-pass-for-sylhet-tea', password_confirmation: 'new-pass-for-sylhet-tea' })).status).toBe(200);

    const codeAlone = new RegExp(`(^|[^0-9])${code}([^0-9]|$)`);
    const tables = await query<{ table_name: string }>(database.url, `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`);
    expect(tables.map((table) => table.table_name)).toEqual(expect.arrayContaining(['phone_codes', 'sms_deliveries', 'events', 'mail_envelopes']));
    for (const { table_name: table } of tables) {
      const rows = await query<{ row: string }>(database.url, `SELECT t::text AS row FROM "${table}" t`);
      for (const { row } of rows) expect({ table, row: codeAlone.test(row) ? row : 'no code' }).toEqual({ table, row: 'no code' });
    }
    const client = new IORedis(redis.url);
    try {
      for (const key of await client.keys('*')) {
        const dump = await redisValueAsText(client, key);
        expect({ key, code: codeAlone.test(dump) }).toEqual({ key, code: false });
      }
      // The SMS went through the `sms` queue on Redis.
      expect((await client.keys('bull:sms:*')).length).toBeGreaterThan(0);
    } finally {
      client.disconnect();
    }
    const log = store.output();
    expect(log).toContain('SMS for event');
    expect(log).not.toMatch(codeAlone);
    expect(log).not.toContain(phone);
  });
});
