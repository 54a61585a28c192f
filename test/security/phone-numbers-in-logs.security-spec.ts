import { DEMO_STAFF_ACCOUNTS } from '../../server/seed/demo-accounts';
import { catalogProducts, deliveryCharges, openStoreFixture, setAvailableStock, type StoreFixture } from '../support/store-fixture';
import { startStoreProcess, type StoreProcess } from '../support/store-process';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

/**
 * Issue 27: the log masked runs of six ASCII digits only, so a phone number in a URL written with separators,
 * with +880 or in Bengali digits stayed in the clear (`/api/public/verify/<order>/017-1234-5678`,
 * `/api/admin/phones/0171-234-5678`). Here the store runs as `npm start` runs it, at the most verbose level,
 * and its real output is read after requests that carry one number in every spelling.
 */
describe('phone numbers in the log, whatever their spelling', () => {
  let database: TestDatabase;
  let store: StoreProcess;
  let fixture: StoreFixture;
  beforeAll(async () => {
    database = await createTestDatabase('phone-logs');
    store = await startStoreProcess({ databaseUrl: database.url, env: { LOG_LEVEL: 'verbose' } });
    fixture = await openStoreFixture(database.url);
  }, 180_000);
  afterAll(async () => {
    await fixture?.close();
    await store?.stop();
    await database?.drop();
  });

  it('masks the number in every line: URL paths, query strings, the route a request did not match', async () => {
    const api = (path: string, init: RequestInit = {}) =>
      fetch(`${store.baseUrl}${path}`, { ...init, headers: { 'content-type': 'application/json', ...(init.headers as Record<string, string>) } });
    const admin = DEMO_STAFF_ACCOUNTS.find((account) => account.role === 'admin')!;
    const { access_token: token } = await (await api('/api/auth/userLogin', { method: 'POST', body: JSON.stringify({ email: admin.email, password: admin.password }) })).json();
    const staff = { authorization: `Bearer ${token}` };

    const [product] = await catalogProducts(fixture);
    await setAvailableStock(fixture, product.id, product.sizes[0], 5);
    const placed = await api('/api/public/confirm-order', {
      method: 'POST',
      body: JSON.stringify({
        cart: [{ id: product.id, size: product.sizes[0], qty: 1 }],
        data: { name: 'Log Shopper', phone: '017-1234-5678', address: 'Road 3, Mirpur', shipping_phone: '01712345678', paymentMethod: 'cash', devliery_charge: (await deliveryCharges(fixture)).insidePaisa / 100 },
      }),
    });
    expect(placed.status).toBe(201);
    const { order_id: orderId } = await placed.json();

    const spellings = ['017-1234-5678', '0171-234-5678', '০১৭১২৩৪৫৬৭৮', '+880 1712-345678', '0171 234 5678', '+৮৮০ ১৭১২ ৩৪৫৬৭৮'];
    for (const spelt of spellings) {
      expect((await api(`/api/public/verify/${orderId}/${encodeURIComponent(spelt)}`)).status).toBe(200);
      // The console's phone record reads the 11-digit form only: other spellings are a 422, logged all the same.
      expect([200, 422]).toContain((await api(`/api/admin/phones/${encodeURIComponent(spelt)}`, { headers: staff })).status);
      await api(`/api/public/getOrderInformation?orderId=${orderId}&phone=${encodeURIComponent(spelt)}`);
      // A number in a query's name, and in the path of a route that does not exist (its line quotes the URL).
      await api(`/api/public/settingRow?${encodeURIComponent(spelt)}=1`);
      await api(`/api/public/no-such-route/${encodeURIComponent(spelt)}`);
    }
    // The spellings a browser sends as they are (a space as %20, a + in a query as a space).
    await api('/api/public/no-such-route/017-1234-5678?0171+234+5678=1');

    await until('every request to be logged', () => store.logLines().filter((line) => String((line.req as { url?: string } | undefined)?.url).startsWith('/api/public/no-such-route/')).length > spellings.length);
    const output = store.output();
    const written = new Set(spellings.flatMap((spelt) => [spelt, encodeURIComponent(spelt), encodeURIComponent(spelt).replace(/%20/g, '+')]));
    for (const digits of ['01712345678', '1712345678', '1712-345678', '0171+234+5678', '%E0%A7%A7%E0%A7%AD%E0%A7%A7%E0%A7%A8']) written.add(digits);
    expect([...written].filter((spelt) => output.includes(spelt))).toEqual([]);

    // The lines are there, with the number masked where it stood.
    const urls = store.logLines().map((line) => (line.req as { url?: string } | undefined)?.url).filter((url): url is string => typeof url === 'string');
    // (A leading + stays: `%2B[phone]`.)
    const masked = (prefix: string) => new RegExp(`^${prefix}(%2B)?\\[phone\\]$`);
    expect(urls.filter((url) => masked(`/api/public/verify/${orderId}/`).test(url))).toHaveLength(spellings.length);
    expect(urls.filter((url) => masked('/api/admin/phones/').test(url))).toHaveLength(spellings.length);
    expect(urls.filter((url) => masked('/api/public/no-such-route/').test(url))).toHaveLength(spellings.length);
    expect(urls).toContain('/api/public/settingRow?[phone]=…');
  });
});

async function until(what: string, probe: () => boolean, timeoutMs = 30_000): Promise<void> {
  for (const deadline = Date.now() + timeoutMs; !probe(); ) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
