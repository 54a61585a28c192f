import { randomUUID } from 'node:crypto';
import { craftJwt, jwtClaims, problemsOf, RawAnswer, TEST_JWT_SECRET } from './security-kit';
import { Customer, storeSession } from './store-session';

/**
 * Bearer tokens the store must refuse with a 401 in the error shape: expired, signed with another secret or
 * algorithm, unsigned (`alg: none`), payload changed under the original signature, for an account that no
 * longer exists, malformed, or sent in another scheme. Tokens are made by hand with node:crypto against the
 * JWT_SECRET test-server.ts gives every test server (HS256, claims sub/role/name/email/pwd_at).
 */

const OTHER_SECRET = 'another-secret-that-is-also-long-enough-0123456789';
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('bearer tokens', () => {
  const store = storeSession({ suite: 4 });
  let customer: Customer;
  let claims: Record<string, unknown>;
  const now = () => Math.floor(Date.now() / 1000);

  beforeAll(async () => {
    customer = await store.register('Token Holder');
    claims = jwtClaims(customer.token);
  });

  const me = (headers: Record<string, string>, path = '/api/user/checkCurrentUser') => store.call({ method: 'GET', path, headers });
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  function expect401(answer: RawAnswer): void {
    expect(answer.status).toBe(401);
    expect(answer.json).toEqual({ success: false, code: expect.any(String), message: 'Please log in to continue.' });
    expect(problemsOf(answer)).toEqual([]);
  }

  it('accepts the issued token and one made here with the same secret and claims (so the refusals below are about the token)', async () => {
    expect(jwtClaims(customer.token)).toMatchObject({ sub: customer.id, role: 'customer', pwd_at: expect.any(Number), exp: expect.any(Number) });
    expect((await me(bearer(customer.token))).status).toBe(200);
    expect((await me(bearer(craftJwt({ ...claims, iat: now(), exp: now() + 60 }, TEST_JWT_SECRET)))).json.user.email).toBe(customer.email);
  });

  const forged: Array<[string, () => string]> = [
    ['expired a minute ago', () => craftJwt({ ...claims, iat: now() - 3600, exp: now() - 60 }, TEST_JWT_SECRET)],
    ['not valid yet (nbf in an hour)', () => craftJwt({ ...claims, nbf: now() + 3600, exp: now() + 7200 }, TEST_JWT_SECRET)],
    ['signed with another secret', () => craftJwt(claims, OTHER_SECRET)],
    ['signed with an empty secret', () => craftJwt(claims, '')],
    ['alg none, no signature', () => craftJwt(claims, '', { alg: 'none', typ: 'JWT' })],
    ['alg None with the original signature', () => `${b64({ alg: 'None', typ: 'JWT' })}.${b64(claims)}.${customer.token.split('.')[2]}`],
    ['alg NONE, no signature', () => `${b64({ alg: 'NONE', typ: 'JWT' })}.${b64(claims)}.`],
    ['HS512 with the right secret (algorithm pinned to HS256)', () => craftJwt(claims, TEST_JWT_SECRET, { alg: 'HS512', typ: 'JWT' })],
    ['HS384 with the right secret', () => craftJwt(claims, TEST_JWT_SECRET, { alg: 'HS384', typ: 'JWT' })],
    ['RS256 header over an HMAC (algorithm confusion)', () => {
      const unsigned = `${b64({ alg: 'RS256', typ: 'JWT' })}.${b64(claims)}`;
      return `${unsigned}.${craftJwt(claims, TEST_JWT_SECRET).split('.')[2]}`;
    }],
    ['role admin in the payload under the original signature', () => {
      const [header, , signature] = customer.token.split('.');
      return `${header}.${b64({ ...claims, role: 'admin' })}.${signature}`;
    }],
    ['another user id under the original signature', () => {
      const [header, , signature] = customer.token.split('.');
      return `${header}.${b64({ ...claims, sub: randomUUID() })}.${signature}`;
    }],
    ['the original signature with a flipped last character', () => `${customer.token.slice(0, -1)}${customer.token.endsWith('A') ? 'B' : 'A'}`],
    ['for an account that does not exist', () => craftJwt({ ...claims, sub: randomUUID(), exp: now() + 60 }, TEST_JWT_SECRET)],
    ['with a user id that is not a UUID', () => craftJwt({ ...claims, sub: "1' OR '1'='1", exp: now() + 60 }, TEST_JWT_SECRET)],
    ['with a numeric user id', () => craftJwt({ ...claims, sub: 1, exp: now() + 60 }, TEST_JWT_SECRET)],
    ['without pwd_at', () => craftJwt({ sub: claims.sub, role: 'customer', exp: now() + 60 }, TEST_JWT_SECRET)],
    ['with pwd_at as text', () => craftJwt({ ...claims, pwd_at: String(claims.pwd_at), exp: now() + 60 }, TEST_JWT_SECRET)],
    ['issued before the last password change (pwd_at older)', () => craftJwt({ ...claims, pwd_at: Number(claims.pwd_at) - 1, exp: now() + 60 }, TEST_JWT_SECRET)],
    ['a JSON array as payload', () => `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64([claims])}.x`],
    ['8,000 characters', () => `${customer.token}${'A'.repeat(8_000)}`],
    ['four segments', () => `${customer.token}.extra`],
    ['x.y', () => 'x.y'],
    ['x.y.z', () => 'x.y.z'],
    ['not base64 at all', () => '!!!.@@@.###'],
    ['a header that is not JSON', () => `${Buffer.from('{alg:').toString('base64url')}.${b64(claims)}.sig`],
  ];

  it.each(forged)('refuses a token %s with 401 in the error shape', async (_, token) => {
    expect401(await me(bearer(token())));
  });

  it.each([
    ['Bearer with nothing after it', 'Bearer'],
    ['Bearer and a blank', 'Bearer '],
    ['Basic credentials', `Basic ${Buffer.from(`${'x'}:${'y'}`).toString('base64')}`],
    ['the token without a scheme', '<token>'],
    ['the Token scheme', 'Token <token>'],
    ['the JWT scheme', 'JWT <token>'],
    ['two tokens', 'Bearer <token> <token>'],
    ['Bearer twice', 'Bearer Bearer <token>'],
  ])('refuses an authorization header of %s with 401', async (_, header) => {
    expect401(await me({ authorization: header.replace(/<token>/g, customer.token) }));
  });

  it('does not read a token from the query string or a cookie', async () => {
    expect401(await me({}, `/api/user/checkCurrentUser?access_token=${customer.token}&token=${customer.token}`));
    expect401(await me({ cookie: `token=${customer.token}; access_token=${customer.token}; jwt=${customer.token}` }));
  });

  it('refuses the token of an account deleted after it was issued', async () => {
    const gone = await store.register('Soon Gone');
    expect((await me(bearer(gone.token))).status).toBe(200);
    await store.fixture().dataSource.query('DELETE FROM users WHERE id = $1', [gone.id]);
    expect401(await me(bearer(gone.token)));
  });

  it('takes the role from the account, not from a validly signed claim: a customer claiming admin is 403 on staff routes', async () => {
    const claimingAdmin = craftJwt({ ...claims, role: 'admin', exp: now() + 60 }, TEST_JWT_SECRET);
    expect((await me(bearer(claimingAdmin))).json.user).toMatchObject({ email: customer.email });
    const answer = await me(bearer(claimingAdmin), '/api/admin/projections');
    expect(answer.status).toBe(403);
    expect(problemsOf(answer)).toEqual([]);
  });

  it('treats a forged token as a guest on the calls guests may make: no personal data of the order', async () => {
    const orderId = await store.placeOrder(customer.token, { name: 'Token Holder', phone: '01799999901', address: 'Banani, Dhaka' });
    await store.caughtUp();
    const staffClaims = jwtClaims(store.staff.admin);
    for (const token of [craftJwt(staffClaims, OTHER_SECRET), `${store.staff.admin.split('.')[0]}.${b64({ ...claims, role: 'admin' })}.${store.staff.admin.split('.')[2]}`]) {
      const answer = await me(bearer(token), `/api/public/getOrders?orderId=${orderId}`);
      expect(answer.status).toBe(200);
      expect(answer.json.orderrow).toMatchObject({ customer_name: null, phone_number: null, address: null });
      expect(answer.text).not.toContain('Banani');
    }
    // The real admin token does see it: the check above can fail.
    const staff = await me(bearer(store.staff.admin), `/api/public/getOrders?orderId=${orderId}`);
    expect(staff.json.orderrow).toMatchObject({ address: 'Banani, Dhaka' });
  });
});
