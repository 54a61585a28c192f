import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import sharp from 'sharp';
import { DataSource } from 'typeorm';
import { restoreStore, RestoreRefused, STATE_TABLES } from '../../server/database/backup/store-backup';
import { ProjectionRegistry } from '../../server/event-store/projection-registry';
import { ProjectionRunner } from '../../server/event-store/projection-runner';
import { hashTable } from '../../server/event-store/table-hash';
import { MAIL_SUBSCRIPTION_NAME } from '../../server/mail/subscription/mail-subscription';
import { OutboxChannels } from '../../server/outbox/outbox-channels';
import { backupToFile, restoreFromBackup } from '../../server/restore';
import { SMS_SUBSCRIPTION_NAME } from '../../server/sms/subscription/sms-subscription';
import { useStaffApiStore } from '../support/api-store';
import { setAvailableStock } from '../support/store-fixture';
import { startTestServer, type TestServer } from '../support/test-server';
import { TEST_STATE_DIR } from '../support/test-state';

/**
 * Issue 21: the event log is the store's backup. `backupStore` → a new, empty database → `restoreStore` and the
 * rebuild of every read model gives tables whose hashes equal the original store's, and the state tables
 * (accounts, keys ...) come back row for row. Issue 28: the pictures come back too, every registered message
 * channel's subscription is moved past the restored log, and a restore under another master secret is refused
 * before it changes anything. (test/load/restore-messages.load-spec.ts counts the messages a restored store sends.)
 */
describe('backup and restore', () => {
  // The store backed up seals personal data with its JWT_SECRET (no PERSONAL_DATA_KEY), as a development
  // store does; a store restoring it must have the same secret.
  const noPersonalDataKey = { PERSONAL_DATA_KEY: '' };
  const store = useStaffApiStore({ env: noPersonalDataKey });
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
    // A picture uploaded by staff: a file under DATA_DIR/uploads that no event holds.
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#228833' } }).png().toBuffer();
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'green.png');
    const uploaded = await fetch(`${store.server.baseUrl}/api/admin/products/${product.id}/images`, {
      method: 'POST',
      headers: { authorization: `Bearer ${store.tokens.admin}` },
      body: form,
    });
    expect(uploaded.status).toBe(201);
    const picture = ((await uploaded.json()) as { images: Array<{ img: string }> }).images.at(-1)!.img;
    const pictureBytes = readFileSync(join(store.server.dataDir, picture));
    expect((await call('POST', `/api/admin/orders/${ids[0]}/confirm`, store.tokens.care, {})).status).toBe(200);
    expect((await call('POST', `/api/admin/orders/${ids[2]}/cancel`, store.tokens.care, { reason: 'customer changed their mind' })).status).toBe(200);
    await store.server.app.get(ProjectionRunner).waitUntilCaughtUp();

    const file = join(folder, 'store.backup.gz');
    const summary = await backupToFile(store.server.app, file);
    const [{ events }] = await store.fixture.dataSource.query('SELECT count(*)::int AS events FROM events');
    expect(summary.events).toBe(events);
    expect(summary.files).toBe(readdirSync(join(store.server.dataDir, 'uploads'), { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length);
    expect(summary.rows.users).toBeGreaterThanOrEqual(3);
    // Personal fields travel sealed, with the wrapped keys that open them (ADR 053).
    expect(summary.rows.personal_data_keys).toBeGreaterThanOrEqual(3);
    expect(gunzipSync(readFileSync(file)).toString('utf8')).not.toContain('Nusrat Jahan');

    // A new database, migrated by a store that runs no projection, seed or mail of its own.
    restored = await startTestServer({ env: { SEED_DEMO: 'false', PROJECTIONS: 'off', MAIL_WORKER: 'off', ...noPersonalDataKey } });
    const target = restored.app.get(DataSource);
    expect(existsSync(join(restored.dataDir, picture))).toBe(false);
    // A channel that reaches customers and is registered, nothing more (courier bookings, one day): covered.
    restored.app.get(OutboxChannels).register({
      channel: { name: 'courier', queue: 'courier', table: 'courier_bookings', maxAttempts: 8, backoffBaseMs: 1_000, workerConcurrency: 5 },
      subscription: 'courier-subscription',
      eventTypes: ['OrderShipped'],
    });
    const { summary: loaded, subscriptionsMoved } = await restoreFromBackup(restored.app, file);
    expect(loaded).toEqual(summary);
    expect(subscriptionsMoved.sort()).toEqual(['courier-subscription', MAIL_SUBSCRIPTION_NAME, SMS_SUBSCRIPTION_NAME].sort());

    expect(await hashes(restored)).toEqual(await hashes(store.server));
    const positions = 'SELECT global_position::text, event_id, stream_id, stream_position, type, data, metadata, recorded_at::text FROM events ORDER BY global_position';
    expect(await target.query(positions)).toEqual(await store.fixture.dataSource.query(positions));
    // No channel sends again for restored events: each subscription reaching customers starts at the log's end.
    const head = (await target.query('SELECT max(global_position)::text AS max FROM events'))[0].max;
    const checkpoints = await target.query(`SELECT name, position::text AS at FROM projection_checkpoints WHERE name = ANY($1::text[]) ORDER BY name`, [subscriptionsMoved]);
    expect(checkpoints).toEqual(subscriptionsMoved.sort().map((name) => ({ name, at: head })));
    // The picture is back, byte for byte, and served.
    expect(readFileSync(join(restored.dataDir, picture)).equals(pictureBytes)).toBe(true);
    const served = await fetch(`${restored.baseUrl}${picture}`);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(pictureBytes)).toBe(true);
    // The restored store serves tracking and staff sign-in.
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

  it('refuses a backup sealed under another master secret before changing anything, naming the setting to fix', async () => {
    const file = join(folder, 'store.backup.gz');
    // The backed-up store had no PERSONAL_DATA_KEY: its JWT_SECRET sealed.
    const lines = gunzipSync(readFileSync(file)).toString('utf8').trim().split('\n');
    expect(JSON.parse(lines[0])).toMatchObject({ version: 2, personalDataKey: { setting: 'JWT_SECRET', check: expect.any(String) } });
    // The same backup as an older store wrote it (version 1: no key check, no files): the first wrapped key is tried.
    const older = join(folder, 'older.backup.gz');
    const end = JSON.parse(lines[lines.length - 1]);
    delete end.files;
    writeFileSync(
      older,
      gzipSync(
        [JSON.stringify({ kind: 'header', format: 'tee-bazaar-backup', version: 1, createdAt: new Date().toISOString() }), ...lines.slice(1, -1).filter((line) => !line.startsWith('{"kind":"file"')), JSON.stringify(end)].join('\n'),
      ),
    );
    const sealedWithJwtSecret = /The store it was taken from had no PERSONAL_DATA_KEY and sealed with its JWT_SECRET: set JWT_SECRET \(or PERSONAL_DATA_KEY\) to that JWT_SECRET, then run the restore again\. Nothing was changed\.$/;
    const notSaid = /Set PERSONAL_DATA_KEY to the secret the store it was taken from sealed with: its PERSONAL_DATA_KEY, or its JWT_SECRET if it had none, then run the restore again\. Nothing was changed\.$/;
    const otherSecrets: Array<{ env: Record<string, string>; ours: string }> = [
      { env: { ...noPersonalDataKey, JWT_SECRET: 'another-secret-on-the-new-machine-0123456789abcdef' }, ours: 'which comes from JWT_SECRET (PERSONAL_DATA_KEY is not set).' },
      { env: { PERSONAL_DATA_KEY: 'a-personal-data-key-nobody-used-here-0123456789' }, ours: 'which comes from PERSONAL_DATA_KEY.' },
    ];
    for (const { env, ours } of otherSecrets) {
      const elsewhere = await startTestServer({ env: { SEED_DEMO: 'false', PROJECTIONS: 'off', MAIL_WORKER: 'off', ...env } });
      try {
        const target = elsewhere.app.get(DataSource);
        for (const [backup, says] of [[file, sealedWithJwtSecret], [older, notSaid]] as const) {
          const refusal = await restoreFromBackup(elsewhere.app, backup).then(() => null, (error: unknown) => error);
          expect(refusal).toBeInstanceOf(RestoreRefused);
          expect((refusal as Error).message).toContain(`sealed under another master key than this store's, ${ours}`);
          expect((refusal as Error).message).toMatch(says);
          expect(await target.query('SELECT count(*)::int AS n FROM events')).toEqual([{ n: 0 }]);
          expect(await target.query('SELECT count(*)::int AS n FROM users')).toEqual([{ n: 0 }]);
          expect(await target.query(`SELECT count(*)::int AS n FROM projection_checkpoints WHERE name IN ($1, $2)`, [MAIL_SUBSCRIPTION_NAME, SMS_SUBSCRIPTION_NAME])).toEqual([{ n: 0 }]);
          expect(readdirSync(join(elsewhere.dataDir, 'uploads', 'products')).filter((name) => name.endsWith('.webp'))).toEqual([]);
        }
      } finally {
        await elsewhere.stop();
      }
    }
  });

  it('refuses a backup that names a file outside the uploads folder, leaving the store empty', async () => {
    const lines = gunzipSync(readFileSync(join(folder, 'store.backup.gz'))).toString('utf8').trim().split('\n');
    const end = JSON.parse(lines[lines.length - 1]);
    const evil = join(folder, 'evil.backup.gz');
    writeFileSync(
      evil,
      gzipSync([...lines.slice(0, -1), JSON.stringify({ kind: 'file', path: '../../escaped.txt', data: Buffer.from('x').toString('base64') }), JSON.stringify({ ...end, files: end.files + 1 })].join('\n')),
    );
    const empty = await startTestServer({ env: { SEED_DEMO: 'false', PROJECTIONS: 'off', MAIL_WORKER: 'off' } });
    try {
      const target = empty.app.get(DataSource);
      await expect(restoreStore(target, evil, { uploadsDir: join(empty.dataDir, 'uploads') })).rejects.toThrow(/outside the uploads folder/);
      expect(existsSync(join(empty.dataDir, '..', 'escaped.txt'))).toBe(false);
      expect(await target.query('SELECT count(*)::int AS n FROM events')).toEqual([{ n: 0 }]);
      // The files it had written before it met the bad one are gone again.
      expect(readdirSync(join(empty.dataDir, 'uploads', 'products')).filter((name) => name.endsWith('.webp'))).toEqual([]);
    } finally {
      await empty.stop();
    }
  });
});
