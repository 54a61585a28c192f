import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { apiCaller } from '../support/api-caller';
import { query } from '../support/sql-query';
import { ensureServerBuilt, PRODUCTION_TEST_SETTINGS } from '../support/store-process';
import { useTestServer } from '../support/test-server';

/**
 * Issue 28: a store started with SEED_DEMO=false on an empty database refuses orders until it is set up, and
 * `npm run setup` (dist/server/setup-cli.js, run here as the production entry point with flags and variables,
 * as a script would) takes it to one that sells: an admin who can sign in, settings, a category, a published
 * product, stock. A second run changes nothing. The console's first-run checklist reads the same status.
 */
const ROOT = resolve(__dirname, '../..');
const PASSWORD = 'a long owner passphrase 2026';

function runSetup(databaseUrl: string, dataDir: string, args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((done) => {
    let output = '';
    const child = spawn(process.execPath, [join(ROOT, 'dist/server/setup-cli.js'), ...args], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH,
        ...PRODUCTION_TEST_SETTINGS,
        SEED_DEMO: 'false',
        APP_ORIGINS: 'https://shop.example.com.bd',
        DATABASE_URL: databaseUrl,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        SETUP_ADMIN_PASSWORD: PASSWORD,
        SETUP_SHOP_PHONE: '01711000000',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => done({ code, output }));
  });
}

const ARGS = ['--yes', '--admin-email', 'Owner@Example.com', '--shop-name', 'Nakshi Tees', '--delivery-inside', '70', '--delivery-outside', '130', '--category', 'Men', '--product', 'Rickshaw Art Tee', '--price', '650', '--sizes', 'M,L', '--stock', 'M=3,L=5'];

describe('npm run setup on an empty production-like store', () => {
  const server = useTestServer({ env: { SEED_DEMO: 'false' } });
  const api = apiCaller(() => server.baseUrl);
  beforeAll(() => ensureServerBuilt(), 240_000);

  it('refuses orders before, sells after, and a second run doubles nothing', async () => {
    const before = await fetch(`${server.baseUrl}/api/public/confirm-order`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': 'first-run-before' },
      body: JSON.stringify({ cart: [{ id: 1, size: 'M', qty: 1 }], coupon: null, data: { name: 'Early Customer', phone: '01712345678', address: 'House 4, Road 7, Dhanmondi, Dhaka', shipping_phone: '01712345678', paymentMethod: 'cash', devliery_charge: 70 } }),
    });
    expect({ status: before.status, code: (await before.json()).code }).toEqual({ status: 503, code: 'shop-not-set-up' });

    const first = await runSetup(server.databaseUrl, server.dataDir, ARGS);
    expect({ code: first.code, output: first.output }).toEqual({ code: 0, output: expect.stringContaining('The shop takes orders now.') });
    expect(first.output).toContain('https://shop.example.com.bd/admin');

    // The owner signs in with the password given and the checklist is complete.
    const { access_token: token, user } = await api.login('owner@example.com', PASSWORD);
    expect(user.role).toBe('admin');
    expect((await api.call('GET', '/api/admin/first-run', token)).body).toEqual({
      ready: true,
      steps: [{ step: 'settings', done: true }, { step: 'category', done: true }, { step: 'product', done: true }, { step: 'stock', done: true }],
    });

    // A shopper finds the product and orders it at the price and delivery charge given.
    const settings = (await api.call('GET', '/api/public/settingRow')).body;
    expect(settings.data).toMatchObject({ name: 'Nakshi Tees', hotline: '01711000000', devliery_charge_inside_dhk: 70, devliery_charge_outside_dhk: 130 });
    const products = await query<{ id: number; price_paisa: number }>(server.databaseUrl, `SELECT id, price_paisa FROM products`);
    expect(products).toEqual([{ id: expect.any(Number), price_paisa: 65_000 }]);
    const placed = await fetch(`${server.baseUrl}/api/public/confirm-order`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': 'first-run-order-1' },
      body: JSON.stringify({ cart: [{ id: products[0].id, size: 'L', qty: 1 }], coupon: null, data: { name: 'First Customer', phone: '01712345678', address: 'House 4, Road 7, Dhanmondi, Dhaka', shipping_phone: '01712345678', paymentMethod: 'cash', devliery_charge: 70 } }),
    });
    expect(placed.status).toBe(201);

    // Every step was an event of the setup's actor; a second run adds none and says what it found.
    const events = async () => query<{ type: string; actor: string }>(server.databaseUrl, `SELECT type, metadata->'actor'->>'id' AS actor FROM events WHERE metadata->'actor'->>'id' = 'setup-cli' ORDER BY global_position`);
    const written = await events();
    expect(written.map((event) => event.type)).toEqual(expect.arrayContaining(['StaffMemberAdded', 'StaffPasswordSet', 'SettingsChanged', 'CategoryCreated', 'ProductCreated', 'ProductPublished', 'StockReceived']));
    const second = await runSetup(server.databaseUrl, server.dataDir, ARGS);
    expect({ code: second.code, output: second.output }).toEqual({ code: 0, output: expect.stringContaining('This shop is set up already: nothing to do.') });
    expect(await events()).toEqual(written);
    expect(await query(server.databaseUrl, `SELECT size, available FROM sku_stock ORDER BY size`)).toEqual([{ size: 'L', available: 4 }, { size: 'M', available: 3 }]);
  }, 120_000);
});
