import { createHmac, randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { startSmtpCapture, SmtpCapture } from '../support/smtp-capture';
import { useTestServer } from '../support/test-server';

/**
 * Accounts over HTTP against a real server, a real PostgreSQL and a real SMTP server: registration,
 * sign-in, profile, password change, and what a bearer token must not get away with.
 */
const SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789';

interface Call {
  method?: string;
  body?: unknown;
  multipart?: Record<string, string>;
  token?: string;
  ip?: string;
}

function setup() {
  let smtp: SmtpCapture;
  let ipCounter = 0;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
  });
  const server = useTestServer(() => ({ env: { SEED_DEMO: 'false', SMTP_URL: smtp.url } }));
  afterAll(() => smtp?.stop());
  /** Each test talks from its own address, so per-IP limits of one test never bite another. */
  const newIp = () => `198.51.100.${(ipCounter += 1)}`;
  async function call(path: string, options: Call = {}) {
    const headers: Record<string, string> = { 'x-forwarded-for': options.ip ?? '192.0.2.1' };
    let body: string | FormData | undefined;
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.multipart) {
      const form = new FormData();
      for (const [key, value] of Object.entries(options.multipart)) form.append(key, value);
      body = form;
    } else if (options.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    const response = await fetch(`${server.baseUrl}/api/${path}`, {
      method: options.method ?? (body ? 'POST' : 'GET'),
      headers,
      body,
    });
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
  }
  async function register(overrides: Partial<{ name: string; email: string; password: string; inviteCode: string }> = {}, ip = newIp()) {
    const account = {
      name: 'Rahim Uddin',
      email: `rahim.${randomBytes(4).toString('hex')}@example.com`,
      password: 'kathal-gach-42-sky',
      ...overrides,
    };
    const response = await call('auth/register', { body: account, ip });
    expect(response.status).toBe(201);
    return { ...account, token: response.body.access_token as string, user: response.body.user };
  }
  return { server: () => server, smtp: () => smtp, call, register, newIp };
}

function signHs256(payload: Record<string, unknown>, secret: string, header: Record<string, unknown> = { alg: 'HS256', typ: 'JWT' }) {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${encode(header)}.${encode(payload)}`;
  const algorithm = header.alg === 'HS512' ? 'sha512' : 'sha256';
  return `${unsigned}.${createHmac(algorithm, secret).update(unsigned).digest('base64url')}`;
}

describe('accounts API', () => {
  const t = setup();

  it('registers, logs in, reads and edits the profile, changes the password', async () => {
    const account = await t.register({ name: 'Karim Mia' });
    expect(account.user).toMatchObject({ name: 'Karim Mia', email: account.email, phone_number: null, role: 'customer' });
    expect(account.token).toEqual(expect.any(String));

    const login = await t.call('auth/userLogin', { body: { email: account.email.toUpperCase(), password: account.password }, ip: t.newIp() });
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({ success: true, user: { email: account.email, name: 'Karim Mia' }, access_token: expect.any(String) });
    const token = login.body.access_token as string;

    const me = await t.call('user/checkCurrentUser', { token });
    expect(me.status).toBe(200);
    expect(me.body.user).toMatchObject({ name: 'Karim Mia', email: account.email, phone_number: null });

    const update = await t.call('user/updateUserFrontend', { token, multipart: { name: 'Karim Mia Chowdhury', phone_number: '+880 1712-345678' } });
    expect(update.status).toBe(200);
    expect(update.body).toMatchObject({ success: true, message: 'Has been successfully update' });
    expect((await t.call('user/checkCurrentUser', { token })).body.user).toMatchObject({
      name: 'Karim Mia Chowdhury',
      phone_number: '01712345678',
    });

    const change = await t.call('auth/updatePassword', {
      token,
      multipart: { password: 'new-mango-season-2026', password_confirmation: 'new-mango-season-2026' },
    });
    expect(change.status).toBe(200);
    const fresh = change.body.access_token as string;

    // The change ends older sessions; the token the change returned keeps this one.
    expect((await t.call('user/checkCurrentUser', { token })).status).toBe(401);
    expect((await t.call('user/checkCurrentUser', { token: account.token })).status).toBe(401);
    expect((await t.call('user/checkCurrentUser', { token: fresh })).status).toBe(200);

    const old = await t.call('auth/userLogin', { body: { email: account.email, password: account.password }, ip: t.newIp() });
    expect(old.status).toBe(401);
    const renewed = await t.call('auth/userLogin', { body: { email: account.email, password: 'new-mango-season-2026' }, ip: t.newIp() });
    expect(renewed.status).toBe(200);
  });

  it('records the account facts as events on the user stream', async () => {
    const account = await t.register();
    await t.call('user/updateUserFrontend', { token: account.token, body: { name: 'Another Name' } });
    const db = new Client({ connectionString: t.server().databaseUrl });
    await db.connect();
    try {
      const { rows } = await db.query('SELECT type, stream_position FROM events WHERE stream_id = $1 ORDER BY stream_position', [
        `user-${account.user.id}`,
      ]);
      expect(rows.map((row) => row.type)).toEqual(['CustomerRegistered', 'CustomerProfileUpdated']);
      const state = await db.query('SELECT stream_version, name FROM users WHERE id = $1', [account.user.id]);
      expect(state.rows[0]).toEqual({ stream_version: 2, name: 'Another Name' });
    } finally {
      await db.end();
    }
  });

  it('answers a failed login with errors.account and the same message for an unknown e-mail', async () => {
    const account = await t.register();
    const wrong = await t.call('auth/userLogin', { body: { email: account.email, password: 'not-the-password' }, ip: t.newIp() });
    const unknown = await t.call('auth/userLogin', { body: { email: 'nobody-here@example.com', password: 'whatever-1234' }, ip: t.newIp() });
    for (const response of [wrong, unknown]) {
      expect(response.status).toBe(401);
      expect(response.body).toEqual({
        success: false,
        message: 'Invalid username or password.',
        code: 'login-failed',
        errors: { account: ['Invalid username or password.'] },
        fields: { account: ['login-failed'] },
      });
    }
  });

  // That an unknown e-mail costs the same scrypt work as a wrong password is checked on the work itself in
  // server/accounts/login/log-in.handler.spec.ts: over HTTP a test-cost hash takes a millisecond, which no clock here can see.

  it('answers invalid registrations with 422 and messages per field', async () => {
    const ip = t.newIp();
    const empty = await t.call('auth/register', { body: {}, ip });
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual({
      name: ['The name field is required.'],
      email: ['The email field is required.'],
      password: ['The password field is required.'],
    });
    const bad = await t.call('auth/register', { body: { name: 'A', email: 'not-an-email', password: 'short' }, ip });
    expect(bad.body.errors).toEqual({ email: ['Invalid email format'], password: ['The password must be at least 8 characters.'] });
    const common = await t.call('auth/register', { body: { name: 'A', email: 'a@example.com', password: 'Password123' }, ip });
    expect(common.status).toBe(422);
    expect(common.body.errors.password[0]).toMatch(/too common/);

    const account = await t.register();
    const twice = await t.call('auth/register', { body: { name: 'B', email: account.email.toUpperCase(), password: 'another-long-one-77' }, ip });
    expect(twice.status).toBe(422);
    expect(twice.body.errors).toEqual({ email: ['The email has already been taken.'] });
  });

  it('validates the profile and password forms as the storefront shows them', async () => {
    const first = await t.register();
    const second = await t.register();
    await t.call('user/updateUserFrontend', { token: first.token, multipart: { name: 'First', phone_number: '01812345678' } });
    // A number another account typed is no answer's business (ADR 057): the second account has it too, unproven.
    const typedTwice = await t.call('user/updateUserFrontend', { token: second.token, multipart: { name: 'Second', phone_number: '01812345678' } });
    expect(typedTwice.status).toBe(200);
    expect(typedTwice.body.user).toEqual(expect.objectContaining({ phone_number: '01812345678', phone_verified: false }));
    const badPhone = await t.call('user/updateUserFrontend', { token: second.token, multipart: { name: '', phone_number: '12345' } });
    expect(Object.keys(badPhone.body.errors).sort()).toEqual(['name', 'phone_number']);

    const mismatch = await t.call('auth/updatePassword', {
      token: second.token,
      multipart: { password: 'a-fine-new-password', password_confirmation: 'something-else' },
    });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.errors).toEqual({ password_confirmation: ['The password confirmation does not match.'] });
    const common = await t.call('auth/updatePassword', { token: second.token, multipart: { password: 'iloveyou', password_confirmation: 'iloveyou' } });
    expect(common.body.errors.password[0]).toMatch(/too common/);
  });

  it('counts a referral when registering with an invite code', async () => {
    const inviter = await t.register();
    const code = inviter.user.invite_code as string;
    expect(code).toMatch(/^[A-Z2-9]{10}$/);
    const friend = await t.register({ inviteCode: code.toLowerCase() });
    const db = new Client({ connectionString: t.server().databaseUrl });
    await db.connect();
    try {
      const { rows } = await db.query('SELECT referred_by FROM users WHERE id = $1', [friend.user.id]);
      expect(rows[0].referred_by).toBe(inviter.user.id);
      const event = await db.query(`SELECT data FROM events WHERE stream_id = $1 AND type = 'CustomerRegistered'`, [`user-${friend.user.id}`]);
      expect(event.rows[0].data.referredBy).toBe(inviter.user.id);
    } finally {
      await db.end();
    }
    // An unknown code (an old link) does not stand in the way of registering.
    await t.register({ inviteCode: 'NOSUCHCODE' });
  });

  describe('bearer tokens', () => {
    it('refuses calls without a token, with garbage, with another secret, with alg none, HS512, or expired', async () => {
      const account = await t.register();
      const claims = JSON.parse(Buffer.from(account.token.split('.')[1], 'base64url').toString());
      expect(claims).toMatchObject({ sub: account.user.id, role: 'customer', email: account.email, pwd_at: expect.any(Number) });
      expect(JSON.parse(Buffer.from(account.token.split('.')[0], 'base64url').toString()).alg).toBe('HS256');
      expect((await t.call('user/checkCurrentUser', { token: account.token })).status).toBe(200);

      const now = Math.floor(Date.now() / 1000);
      const forged = [
        undefined,
        'not-a-token',
        signHs256(claims, 'another-secret-that-is-also-long-enough-0123'),
        `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.`,
        signHs256(claims, SECRET, { alg: 'HS512', typ: 'JWT' }),
        signHs256({ ...claims, iat: now - 3600, exp: now - 60 }, SECRET),
        signHs256({ ...claims, role: 'admin', pwd_at: claims.pwd_at - 1 }, SECRET),
      ];
      for (const token of forged) {
        const response = await t.call('user/checkCurrentUser', { token });
        expect(response.status).toBe(401);
        expect(response.body).toEqual({ success: false, code: expect.any(String), message: 'Please log in to continue.' });
      }
      // Correctly signed with the server's secret, it passes: the refusals above are about the token, not the test.
      expect((await t.call('user/checkCurrentUser', { token: signHs256({ ...claims, exp: now + 60 }, SECRET) })).status).toBe(200);
    });
  });
});
