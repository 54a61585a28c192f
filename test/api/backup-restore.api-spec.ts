import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { DataSource } from 'typeorm';
import { backupStore, rebuildAfterRestore, restoreStore, RestoreRefused, STATE_TABLES } from '../../server/database/backup/store-backup';
import { ProjectionRegistry } from '../../server/event-store/projection-registry';
import { ProjectionRunner } from '../../server/event-store/projection-runner';
import { hashTable } from '../../server/event-store/table-hash';
import { MAIL_SUBSCRIPTION_NAME } from '../../server/mail/subscription/mail-subscription';
import { useStaffApiStore } from '../support/api-store';
import { setAvailableStock } from '../support/store-fixture';
import { startTestServer, type TestServer } from '../support/test-server';
import { TEST_STATE_DIR } from '../support/test-state';

/**
 * Issue 21: the event log is the store's backup. `backupStore` → a new, empty database → `restoreStore` and the
 * rebuild of every read model gives tables whose hashes equal the original store's, and the state tables
 * (accounts, keys ...) come back row for row.
 */
describe('backup and restore', () => {
  const store = useStaffApiStore();
  const { call } = store;
  let folder: string;
  let restored: TestServer | undefined;
  beforeAll(() => {
    folder = mkdtempSync(join(TEST_STATE_DIR, 'backup-'));
  });
  afterAll(async () => {
    await restored?.stop();
    rmSync(folder, { recursive: true, force: true });
  });

  /** Every read model's tables and every state table, hashed. */
  const hashes = async (server: TestServer) => {
    const dataSource = server.app.get(DataSource);
    const result: Record<string, string> = {};
    for (const projection of server.app.get(ProjectionRegistry).list()) {
      for (const table of projection.tables) result[table] = await hashTable(dataSource.manager, table);
    }
    for (const { table } of STATE_TABLES) result[table] = await hashTable(dataSource.manager, table);
    return result;
  };

  it('restores a store with orders, accounts and stock changes into an empty database, every table hash-equal', async () => {
    const [product, other] = store.products;
    await setAvailableStock(store.fixture, product.id, product.sizes[0], 50);
    const order = async (phone: string, token?: string) =>
      (
        await call('POST', '/api/public/confirm-order', token, {
          cart: [{ id: product.id, size: product.sizes[0], qty: 2 }, { id: other.id, size: other.sizes[0], qty: 1 }],
          coupon: null,
          couponoffer: null,
          data: { name: 'Nusrat Jahan', phone, address: 'House 12, Road 5, Dhanmondi, Dhaka', shipping_phone: phone, devliery_charge: store.insideTaka, paymentMethod: 'cash' },
        })
      ).body.order_id as string;
    const ids = [await order('01711000001'), await order('01711000002', store.tokens.customer), await order('01711000003')];
    expect(ids.every(Boolean)).toBe(true);
    expect((await call('POST', `/api/admin/orders/${ids[0]}/confirm`, store.tokens.care, {})).status).toBe(200);
    expect((await call('POST', `/api/admin/orders/${ids[2]}/cancel`, store.tokens.care, { reason: 'customer changed their mind' })).status).toBe(200);
    await store.server.app.get(ProjectionRunner).waitUntilCaughtUp();

    const file = join(folder, 'store.backup.gz');
    const summary = await backupStore(store.server.app.get(DataSource), file);
    const [{ events }] = await store.fixture.dataSource.query('SELECT count(*)::int AS events FROM events');
    expect(summary.events).toBe(events);
    expect(summary.rows.users).toBeGreaterThanOrEqual(3);
    // Personal fields travel sealed, with the wrapped keys that open them (ADR 053).
    expect(summary.rows.personal_data_keys).toBeGreaterThanOrEqual(3);
    expect(gunzipSync(readFileSync(file)).toString('utf8')).not.toContain('Nusrat Jahan');

    // A new database, migrated by a store that runs no projection, seed or mail of its own.
    restored = await startTestServer({ env: { SEED_DEMO: 'false', PROJECTIONS: 'off', MAIL_WORKER: 'off' } });
    const target = restored.app.get(DataSource);
    expect(await restoreStore(target, file)).toEqual(summary);
    await rebuildAfterRestore(target, restored.app.get(ProjectionRunner), [MAIL_SUBSCRIPTION_NAME]);

    expect(await hashes(restored)).toEqual(await hashes(store.server));
    const positions = 'SELECT global_position::text, event_id, stream_id, stream_position, type, data, metadata, recorded_at::text FROM events ORDER BY global_position';
    expect(await target.query(positions)).toEqual(await store.fixture.dataSource.query(positions));
    // Mail is not sent again for restored events; the restored store serves tracking and staff sign-in.
    const [mail] = await target.query(`SELECT checkpoint.position::text AS at FROM projection_checkpoints AS checkpoint WHERE name = $1`, [MAIL_SUBSCRIPTION_NAME]);
    expect(mail.at).toBe((await target.query('SELECT max(global_position)::text AS max FROM events'))[0].max);
    const tracked = await fetch(`${restored.baseUrl}/api/public/getOrderInformation?orderId=${ids[0]}&phone=01711000001`);
    expect(tracked.status).toBe(200);
    const admin = await fetch(`${restored.baseUrl}/api/auth/userLogin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@teebazaar.test', password: 'TeeBazaar-Admin-2026!' }),
    });
    expect(admin.status).toBe(200);
  });

  it('refuses a database that is not empty, and a cut-off file, leaving the target as it was', async () => {
    const file = join(folder, 'store.backup.gz');
    await expect(restoreStore(store.server.app.get(DataSource), file)).rejects.toThrow(
      new RestoreRefused('The database is not empty (events, users, personal_data_keys, seed_runs): restore only into a new, empty database.'),
    );
    const empty = await startTestServer({ env: { SEED_DEMO: 'false', PROJECTIONS: 'off', MAIL_WORKER: 'off' } });
    try {
      const lines = gunzipSync(readFileSync(file)).toString('utf8').trim().split('\n');
      const cut = join(folder, 'cut.backup.gz');
      writeFileSync(cut, gzipSync(lines.slice(0, lines.length - 3).join('\n')));
      const target = empty.app.get(DataSource);
      await expect(restoreStore(target, cut)).rejects.toThrow(/ends early/);
      expect(await target.query('SELECT count(*)::int AS n FROM events')).toEqual([{ n: 0 }]);
      expect(await target.query('SELECT count(*)::int AS n FROM users')).toEqual([{ n: 0 }]);
    } finally {
      await empty.stop();
    }
  });
});
