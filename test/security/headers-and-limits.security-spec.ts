import { ensureClientBuilt } from '../support/browser';
import { problemsOf, RawAnswer } from './security-kit';
import { storeSession } from './store-session';

/**
 * The headers helmet puts on API answers, on the storefront page and on uploads; the 100 kb body limit;
 * malformed JSON, wrong content types and unknown routes answered as JSON errors; static files that never
 * leave their folders.
 */

describe('headers and limits', () => {
  // The storefront page is the built client: build it first when it is missing or stale (under a lock).
  beforeAll(() => ensureClientBuilt(), 240_000);
  const store = storeSession({ suite: 6 });
  const get = (path: string, headers: Record<string, string> = {}) => store.call({ method: 'GET', path, headers });
  const post = (path: string, body: string | undefined, headers: Record<string, string> = {}) => store.call({ method: 'POST', path, body, headers });

  function expectSecurityHeaders(answer: RawAnswer): void {
    const h = answer.headers;
    const csp = String(h['content-security-policy']);
    const directive = (name: string) => csp.split(';').map((part) => part.trim()).find((part) => part.startsWith(`${name} `)) ?? '';
    expect(directive('default-src')).toBe("default-src 'self'");
    expect(directive('script-src')).toBe("script-src 'self'");
    expect(directive('object-src')).toBe("object-src 'none'");
    expect(directive('base-uri')).toBe("base-uri 'self'");
    expect(directive('frame-ancestors')).toBe("frame-ancestors 'self'");
    expect(directive('form-action')).toBe("form-action 'self'");
    expect(h['x-content-type-options']).toBe('nosniff');
    expect(h['x-frame-options']).toBe('SAMEORIGIN');
    expect(h['referrer-policy']).toBe('no-referrer');
    expect(h['cross-origin-opener-policy']).toBe('same-origin');
    expect(h['cross-origin-resource-policy']).toBe('same-origin');
    // Sent on plain HTTP too, where browsers ignore it; behind the TLS proxy it pins HTTPS for a year.
    expect(h['strict-transport-security']).toMatch(/^max-age=(\d+); includeSubDomains$/);
    expect(Number(/max-age=(\d+)/.exec(String(h['strict-transport-security']))![1])).toBeGreaterThanOrEqual(180 * 24 * 3600);
    expect(h['x-powered-by']).toBeUndefined();
  }

  describe('security headers', () => {
    it.each([
      ['an API answer', '/api/public/settingRow', 200],
      ['an API error', '/api/public/no-such-call', 404],
      ['a refused staff call', '/api/admin/orders', 401],
      ['the health check', '/api/health', 200],
    ])('are on %s', async (_, path, status) => {
      const answer = await get(path);
      expect(answer.status).toBe(status);
      expect(answer.headers['content-type']).toMatch(/^application\/json/);
      expectSecurityHeaders(answer);
    });

    // An unknown path is the 404 page with HTTP status 404 (issue 16), headers all the same.
    it.each([['/', 200], ['/shop', 200], ['/order-tracking', 200], ['/product-details/men-royal-bengal-tiger-tee', 200], ['/product-details/some-tee', 404], ['/no/such/page', 404]])('are on the storefront page %s', async (path, status) => {
      const answer = await get(path);
      expect(answer.status).toBe(status);
      expect(answer.headers['content-type']).toMatch(/^text\/html/);
      expectSecurityHeaders(answer);
    });

    it.each(['/', '/product-details/men-royal-bengal-tiger-tee'])("keeps the page %s working under its own policy: no inline script, every script from the store's origin", async (path) => {
      const page = (await get(path)).text;
      const scripts = [...page.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
      expect(scripts.filter(([, attributes]) => /\bsrc=/.test(attributes!)).length).toBeGreaterThan(0);
      for (const [, attributes, content] of scripts) {
        // The server-rendered page's data blocks (issue 33: its data, JSON-LD) are JSON the browser never runs.
        if (/\btype="application\/(ld\+)?json"/.test(attributes!)) {
          expect(attributes).not.toMatch(/\bsrc=/);
          expect(() => JSON.parse(content!)).not.toThrow();
          continue;
        }
        expect(attributes).toMatch(/\bsrc="\/[^/]/);
        expect(content!.trim()).toBe('');
      }
    });

    it('are on an uploaded image, which cannot run script even when it is SVG', async () => {
      const [{ thumbnail }] = await store.fixture().dataSource.query('SELECT thumbnail FROM products ORDER BY id LIMIT 1');
      const answer = await get(String(thumbnail));
      expect(answer.status).toBe(200);
      expect(answer.headers['content-type']).toMatch(/^image\//);
      expectSecurityHeaders(answer);
    });

    it('grants no other origin access: no CORS headers for a foreign Origin, also on a preflight', async () => {
      const simple = await get('/api/public/settingRow', { origin: 'https://evil.example' });
      expect(simple.headers['access-control-allow-origin']).toBeUndefined();
      const preflight = await store.call({
        method: 'OPTIONS',
        path: '/api/user/checkCurrentUser',
        headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
      });
      expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
      expect(preflight.headers['access-control-allow-credentials']).toBeUndefined();
      expect(preflight.status).toBeLessThan(500);
    });
  });

  describe('the 100 kb body limit', () => {
    // JSON of exactly `bytes` bytes: {"name":"xxx…"}.
    const bodyOf = (bytes: number) => `{"name":"${'x'.repeat(bytes - 11)}"}`;

    it.each([['/api/auth/register'], ['/api/public/confirm-order'], ['/api/public/apply-coupon'], ['/api/admin/orders/instant']])(
      'takes exactly 100 kb at %s and answers one byte more with 413 in the error shape',
      async (path) => {
        const atLimit = await post(path, bodyOf(100 * 1024));
        expect(atLimit.status).not.toBe(413);
        expect(atLimit.status).toBeLessThan(500);
        const over = await post(path, bodyOf(100 * 1024 + 1));
        expect(over.status).toBe(413);
        expect(over.json).toEqual({ success: false, code: expect.any(String), message: 'The request is too large.' });
        expect(problemsOf(over)).toEqual([]);
      },
    );

    it('refuses a urlencoded form body over 100 kb with 413', async () => {
      const form = await post('/api/auth/register', `name=${'x'.repeat(110_000)}`, { 'content-type': 'application/x-www-form-urlencoded' });
      expect(form.status).toBe(413);
      expect(problemsOf(form)).toEqual([]);
    });

    // The storefront sends these three as multipart forms, which multer reads, not the JSON parser.
    it.each([['/api/auth/updatePassword'], ['/api/user/updateUserFrontend'], ['/api/public/restPassword']])(
      'refuses a multipart form over 100 kb at %s with 413 too, and takes one just under it',
      async (path) => {
        const token = (await store.register('Form Sender')).token;
        const form = (size: number) => `--XyZ\r\nContent-Disposition: form-data; name="name"\r\n\r\n${'x'.repeat(size)}\r\n--XyZ--\r\n`;
        const headers = { 'content-type': 'multipart/form-data; boundary=XyZ', authorization: `Bearer ${token}` };
        const over = await post(path, form(150_000), headers);
        expect(over.status).toBe(413);
        expect(over.json).toEqual({ success: false, code: expect.any(String), message: 'The request is too large.' });
        const under = await post(path, form(90_000), headers);
        expect(under.status).toBe(422);
        expect(problemsOf(under)).toEqual([]);
      },
    );
  });

  describe('bodies that are not what they say', () => {
    it.each([
      ['a cut object', '{"name": "x",'],
      ['a trailing comma', '{"name": "x",}'],
      ['single quotes', "{'name': 'x'}"],
      ['NaN', '{"name": NaN}'],
      ['an unterminated string', '{"name": "x}'],
      ['a bare word', 'hello'],
      ['a bare number (strict JSON bodies are objects or arrays)', '42'],
      ['a bare string', '"text"'],
      ['two objects', '{}{}'],
    ])('answers malformed JSON (%s) with 400 in the error shape', async (_, body) => {
      const answer = await post('/api/public/confirm-order', body);
      expect(answer.status).toBe(400);
      expect(answer.json).toEqual({ success: false, code: expect.any(String), message: 'The request body is not valid JSON.' });
      expect(problemsOf(answer)).toEqual([]);
    });

    it.each([
      ['text/plain', 'text/plain'],
      ['XML', 'application/xml'],
      ['no content type', ''],
      ['a made-up type', 'application/x-evil'],
      ['JSON in Latin-1 (unsupported charset)', 'application/json; charset=latin1'],
    ])('answers a login sent as %s with a 4xx in the error shape, never as if it were JSON', async (_, type) => {
      const answer = await post('/api/auth/userLogin', JSON.stringify({ email: 'admin@teebazaar.test', password: 'TeeBazaar-Admin-2026!' }), { 'content-type': type });
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
      expect(problemsOf(answer)).toEqual([]);
      expect(answer.text).not.toContain('access_token');
    });
  });

  describe('unknown routes', () => {
    it.each([
      ['GET', '/api'],
      ['GET', '/api/'],
      ['GET', '/api/no-such-call'],
      ['GET', '/api/public/no-such-call'],
      ['POST', '/api/no-such-call'],
      ['DELETE', '/api/brands/delete/1'],
      ['PUT', '/api/public/confirm-order'],
      ['PATCH', '/api/user/updateUserFrontend'],
      ['GET', '/api/public/confirm-order'],
      ['POST', '/api/public/settingRow'],
      ['GET', '/uploads/no-such-file.png'],
    ])('%s %s is a JSON 404', async (method, path) => {
      const answer = await store.call({ method, path });
      expect(answer.status).toBe(404);
      expect(answer.json).toEqual({ success: false, code: expect.any(String), message: 'Not found.' });
      expect(problemsOf(answer)).toEqual([]);
    });

    it('echoes nothing to TRACE', async () => {
      const answer = await store.call({ method: 'TRACE', path: '/api/health', headers: { 'x-secret-probe': 'echo-me' } });
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
      expect(answer.text).not.toContain('echo-me');
    });
  });

  describe('static files stay in their folders', () => {
    it.each([
      ['/uploads/../package.json'],
      ['/uploads/../../package.json'],
      ['/uploads/%2e%2e/%2e%2e/package.json'],
      ['/uploads/..%2f..%2fpackage.json'],
      ['/uploads/%2e%2e%2f%2e%2e%2fpackage.json'],
      ['/uploads/....//....//package.json'],
      ['/uploads/%00../package.json'],
      ['/assets/../../package.json'],
      // The built client's compressed files are served by their own middleware (express-static-gzip).
      ['/assets/%2e%2e/%2e%2e/package.json'],
      ['/assets/..%2f..%2f..%2fpackage.json'],
      ['/assets/..%2f..%2f..%2fpackage.json.gz'],
      ['/..%2f..%2fpackage.json'],
      ['/%2e%2e/%2e%2e/package.json'],
      ['/uploads/../../server/main.ts'],
      ['/..%2f..%2fserver%2fmain.ts'],
      ['/uploads/../../../../etc/passwd'],
    ])('never serves %s from outside the folder', async (path) => {
      const answer = await get(path);
      expect(answer.status).toBeLessThan(500);
      expect(answer.text).not.toContain('"name": "tshirt-store"');
      expect(answer.text).not.toMatch(/root:x:0:0|bootstrap|NestFactory/);
      expect(problemsOf(answer, { errorMustBeJson: !/^text\/html/.test(answer.headers['content-type'] ?? '') })).toEqual([]);
    });
  });
});
