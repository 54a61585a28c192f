import { randomBytes } from 'node:crypto';
import { RATE_LIMIT_POLICIES, RateLimitKey, RateLimitPolicyName, RateLimitRule } from '../../server/accounts/rate-limit/rate-limit.policies';
import { Json, problemsOf, RawAnswer } from './security-kit';
import { storeSession } from './store-session';

/**
 * Every @RateLimit policy (requests that count whether or not they succeed; login and tracking count only
 * failures and are tested in limits-without-lockout.security-spec.ts), every rule of it, on every route that uses it: `max` requests pass, the next is a
 * 429 in the error shape with a Retry-After header, and another subject (address, e-mail, phone, order id)
 * is counted apart.
 *
 * Client addresses: the test server runs with TRUST_PROXY=loopback, so X-Forwarded-For is believed only from a
 * proxy on this machine, and then only its right-most address that is not itself loopback: that is the
 * address a proxy in front of the store appends. These tests call from 127.0.0.1, so they play that proxy
 * and choose the client address per request. A client connecting from elsewhere cannot choose one: its
 * header is ignored and its socket address counts. (The server listens on 127.0.0.1 only here, so that
 * half cannot be shown from a test.)
 */

interface Subjects {
  email: string;
  phone: string;
  orderId: string;
}

/** Requests that are counted but cheap: the guard counts before validation, so most carry no password. */
type Route = { label: string; send: (subjects: Subjects) => { method: string; path: string; body?: Json } };

const ROUTES: Record<RateLimitPolicyName, Route[]> = {
  register: [{ label: 'POST /api/auth/register', send: (s) => ({ method: 'POST', path: '/api/auth/register', body: { email: s.email } }) }],
  'find-account': [{ label: 'POST /api/public/find-account', send: (s) => ({ method: 'POST', path: '/api/public/find-account', body: { phone: s.phone } }) }],
  'send-verifymail': [
    { label: 'POST /api/public/send-verifymail', send: (s) => ({ method: 'POST', path: '/api/public/send-verifymail', body: { email: s.email, phone: s.phone, host: 'x' } }) },
  ],
  'forgot-password': [
    { label: 'POST /api/public/send-verifymail-forgetpassword', send: (s) => ({ method: 'POST', path: '/api/public/send-verifymail-forgetpassword', body: { email: s.email } }) },
  ],
  'phone-code': [
    { label: 'POST /api/public/phone-codes', send: (s) => ({ method: 'POST', path: '/api/public/phone-codes', body: { phone: s.phone, purpose: 'recovery' } }) },
  ],
  'phone-code-verify': [
    { label: 'POST /api/public/phone-codes/verify', send: (s) => ({ method: 'POST', path: '/api/public/phone-codes/verify', body: { phone: s.phone, code: '000000' } }) },
    { label: 'POST /api/public/reset-password-by-phone', send: (s) => ({ method: 'POST', path: '/api/public/reset-password-by-phone', body: { phone: s.phone, code: '000000' } }) },
  ],
  'return-photo': [
    { label: 'POST /api/public/orders/{orderId}/returns/photos', send: (s) => ({ method: 'POST', path: `/api/public/orders/${s.orderId}/returns/photos`, body: { phone: s.phone } }) },
  ],
  coupon: [{ label: 'POST /api/public/apply-coupon', send: () => ({ method: 'POST', path: '/api/public/apply-coupon', body: { coupon_code: `GUESS${randomBytes(4).toString('hex')}` } }) }],
};

const ORDER_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
let serial = 0;
/** Subjects never used before (the counters live in the database and outlast a test). */
function freshSubjects(): Subjects {
  serial += 1;
  const bytes = randomBytes(8);
  return {
    email: `limit.${serial}.${bytes.toString('hex')}@gmail.com`,
    phone: `019${String(bytes.readUInt32BE() % 100_000_000).padStart(8, '0')}`,
    orderId: Array.from(bytes, (byte) => ORDER_ALPHABET[byte % ORDER_ALPHABET.length]).join(''),
  };
}

const cases = (Object.keys(ROUTES) as RateLimitPolicyName[]).flatMap((policy) =>
  ROUTES[policy].flatMap((route) =>
    (RATE_LIMIT_POLICIES[policy] as RateLimitRule[]).map((rule) => [`${policy} by ${rule.by}${rule.atAddress ? ' at one address' : ''} (max ${rule.max})`, route.label, policy, rule.by] as const),
  ),
);

describe('rate limits', () => {
  const store = storeSession({ suite: 5 });

  function send(route: Route, subjects: Subjects, ip: string): Promise<RawAnswer> {
    const request = route.send(subjects);
    return store.call({ ...request, headers: { 'x-forwarded-for': ip } });
  }

  function expectLimited(answer: RawAnswer, rule: RateLimitRule): void {
    expect(answer.status).toBe(429);
    // Issue 26: the wait is also in `params` (seconds or minutes), for a client that words it in Bengali.
    expect(answer.json).toEqual({ success: false, code: expect.any(String), params: expect.any(Object), message: expect.stringMatching(/^Too many attempts\. Please wait \d+ (seconds|minutes?) and try again\.$/) });
    expect(problemsOf(answer)).toEqual([]);
    const retryAfter = Number(answer.headers['retry-after']);
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(2 * rule.windowSeconds);
  }

  it('has routes for every policy there is', () => {
    expect(Object.keys(ROUTES).sort()).toEqual(Object.keys(RATE_LIMIT_POLICIES).sort());
  });

  it.each(cases)('%s on %s: the request after the limit is 429 with Retry-After, another subject still passes', async (_, label, policy, by) => {
    const route = ROUTES[policy].find((candidate) => candidate.label === label)!;
    const rule = (RATE_LIMIT_POLICIES[policy] as RateLimitRule[]).find((candidate) => candidate.by === by)!;
    const fixed = freshSubjects();
    const fixedIp = store.nextIp();
    /** The counted subject stays; every other one changes, so only this rule can refuse. */
    const request = (): [Subjects, string] => {
      const other = freshSubjects();
      const keep = (key: RateLimitKey) => key === by;
      return [
        { email: keep('email') ? fixed.email : other.email, phone: keep('phone') ? fixed.phone : other.phone, orderId: keep('orderId') ? fixed.orderId : other.orderId },
        // A rule that counts a subject at one address counts only that address's requests.
        keep('ip') || rule.atAddress ? fixedIp : store.nextIp(),
      ];
    };
    for (let i = 1; i <= rule.max; i++) {
      const answer = await send(route, ...request());
      if (answer.status === 429) throw new Error(`request ${i} of ${rule.max} was already refused: ${answer.text}`);
      expect(problemsOf(answer)).toEqual([]);
    }
    expectLimited(await send(route, ...request()), rule);
    // Still refused on the next try, and a different subject is counted apart.
    expect((await send(route, ...request())).status).toBe(429);
    const other = await send(route, freshSubjects(), store.nextIp());
    expect(other.status).not.toBe(429);
    // ADR 024: the same e-mail or phone from another address (its owner) is not refused.
    if (rule.atAddress) {
      const elsewhere = freshSubjects();
      const owner = await send(route, { ...elsewhere, [by]: fixed[by as keyof Subjects] }, store.nextIp());
      expect(owner.status).not.toBe(429);
    }
  });

  it("counts the right-most X-Forwarded-For address a loopback proxy appended, not what the client wrote before it", async () => {
    const route = ROUTES.register[0];
    const client = store.nextIp();
    const rule = RATE_LIMIT_POLICIES.register[0];
    for (let i = 1; i <= rule.max; i++) {
      // A client rotating a forged first entry: the proxy's appended address is what counts.
      const answer = await send(route, freshSubjects(), `203.0.113.${i}, ${client}`);
      expect(answer.status).not.toBe(429);
    }
    expectLimited(await send(route, freshSubjects(), `203.0.113.250, ${client}`), rule);
    expect((await send(route, freshSubjects(), client)).status).toBe(429);
  });

  it('keeps the policies apart: an address over the register limit may still log in', async () => {
    const ip = store.nextIp();
    for (let i = 0; i <= RATE_LIMIT_POLICIES.register[0].max; i++) await send(ROUTES.register[0], freshSubjects(), ip);
    expect((await send(ROUTES.register[0], freshSubjects(), ip)).status).toBe(429);
    const login = await store.call({ method: 'POST', path: '/api/auth/userLogin', headers: { 'x-forwarded-for': ip }, body: { email: freshSubjects().email, password: 'wrong-password-1' } });
    expect(login.status).toBe(401);
  });
});
