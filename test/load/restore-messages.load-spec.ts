import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import sharp from 'sharp';
import { DEMO_STAFF_ACCOUNTS } from '../../server/seed/demo-accounts';
import { startSmsGatewayCapture, type SmsGatewayCapture } from '../support/sms-gateway-capture';
import { startSmtpCapture, type SmtpCapture } from '../support/smtp-capture';
import { catalogProducts, deliveryCharges, openStoreFixture, setAvailableStock, type StoreFixture } from '../support/store-fixture';
import { ensureServerBuilt, startStoreProcess, type StoreProcess } from '../support/store-process';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { TEST_STATE_DIR } from '../support/test-state';
import { messagesPerOrder, placeOrders } from './support/message-orders';
import { recordFigures, sized } from './support/profile';

/**
 * Issue 28: a store started on a restored backup texted every customer "We received your order…" again (1,312
 * SMS within 30 s): the restore moved only the mail subscription to the end of the log. And a restore on a new
 * machine with another secret failed half-way, after loading the log and half the read models.
 *
 * Store A takes ORDERS orders (each worth an SMS and a mail) and a picture; `npm run backup` writes its file.
 * `npm run restore` with another PERSONAL_DATA_KEY is refused, naming the setting, with the new database and
 * uploads folder untouched; with the right one it restores. Store B then starts on the restored database: it
 * sends nothing for the restored orders (zero SMS, zero mails), exactly one of each for a new order, and serves
 * the picture.
 */
const ORDERS = sized(20, 1_500);
const SETTLE_MS = sized(60_000, 600_000);
const JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789';
const PERSONAL_DATA_KEY = 'the-personal-data-key-of-the-store-0123456789';
const REPO_ROOT = resolve(__dirname, '../..');

const sleep = (ms: number) => new Promise((resolveSleep) => setTimeout(resolveSleep, ms));

async function until(what: string, timeoutMs: number, check: () => Promise<boolean> | boolean): Promise<void> {
  for (const deadline = Date.now() + timeoutMs; ; await sleep(100)) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
  }
}

/** `npm run backup` / `npm run restore` as an operator runs them: the built CLI in a process of its own. */
function runCli(script: 'backup-cli' | 'restore-cli', args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string; seconds: number }> {
  const started = Date.now();
  const child = spawn(process.execPath, [join(REPO_ROOT, `dist/server/${script}.js`), ...args], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH, NODE_ENV: 'test', PASSWORD_HASH_COST: 'test', LOG_LEVEL: 'warn', JWT_SECRET, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolveRun) => child.on('close', (code) => resolveRun({ code, stdout, stderr, seconds: (Date.now() - started) / 1000 })));
}

/** Open deliveries and rows of each channel, and the subscriptions' checkpoints against the log's head. */
async function outboxState(fixture: StoreFixture) {
  const [row] = await fixture.dataSource.query(
    `SELECT (SELECT count(*) FROM sms_deliveries)::int AS sms, (SELECT count(*) FROM mail_deliveries)::int AS mails,
            (SELECT count(*) FROM sms_deliveries WHERE status IN ('pending', 'sending', 'failed'))::int
              + (SELECT count(*) FROM mail_deliveries WHERE status IN ('pending', 'sending', 'failed'))::int AS open,
            (SELECT coalesce(max(global_position), 0) FROM events)::text AS head,
            (SELECT json_object_agg(name, position::text) FROM projection_checkpoints WHERE name IN ('mail-subscription', 'sms-subscription')) AS subscriptions`,
  );
  return row as { sms: number; mails: number; open: number; head: string; subscriptions: Record<string, string> | null };
}

describe('backup → restore → start: a restored store messages nobody about what it restored', () => {
  let folder: string;
  let databases: TestDatabase[] = [];
  const stores: StoreProcess[] = [];
  let gateways: Array<SmsGatewayCapture | SmtpCapture> = [];
  const fixtures: StoreFixture[] = [];

  beforeAll(() => {
    ensureServerBuilt();
    folder = mkdtempSync(join(TEST_STATE_DIR, 'restore-messages-'));
  });
  afterAll(async () => {
    for (const fixture of fixtures) await fixture.close();
    for (const store of stores) await store.stop();
    for (const gateway of gateways) await gateway.stop();
    for (const database of databases) await database.drop();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  it(`restores ${ORDERS} orders and a picture; the restored store sends 0 SMS and 0 mails for them, and 1 of each for a new order`, async () => {
    const started = Date.now();
    const [original, target] = [await createTestDatabase('restore_from'), await createTestDatabase('restore_into')];
    databases = [original, target];
    const [smsA, smtpA, smsB, smtpB] = [await startSmsGatewayCapture(), await startSmtpCapture(), await startSmsGatewayCapture(), await startSmtpCapture()];
    gateways = [smsA, smtpA, smsB, smtpB];
    const storeEnv = (sms: SmsGatewayCapture, smtp: SmtpCapture) => ({
      NODE_ENV: 'test',
      PASSWORD_HASH_COST: 'test',
      LOG_LEVEL: 'warn',
      JWT_SECRET,
      PERSONAL_DATA_KEY,
      SMTP_URL: smtp.url,
      SMS_URL: sms.url,
      SMS_API_KEY: 'test-key',
    });

    // Store A: orders, each worth an SMS and a mail, all sent once; and a picture staff uploaded.
    const dirA = mkdtempSync(join(folder, 'a-'));
    const storeA = await startStoreProcess({ databaseUrl: original.url, dataDir: dirA, env: storeEnv(smsA, smtpA) });
    stores.push(storeA);
    const fixtureA = await openStoreFixture(original.url);
    fixtures.push(fixtureA);
    const [product] = await catalogProducts(fixtureA);
    await setAvailableStock(fixtureA, product.id, product.sizes[0], ORDERS + 10);
    const deliveryTaka = (await deliveryCharges(fixtureA)).insidePaisa / 100;
    const orders = await placeOrders(storeA.baseUrl, { count: ORDERS, tag: 70, productId: product.id, size: product.sizes[0], deliveryTaka });
    const admin = DEMO_STAFF_ACCOUNTS.find((account) => account.role === 'admin')!;
    const login = await fetch(`${storeA.baseUrl}/api/auth/userLogin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: admin.email, password: admin.password }) });
    const { access_token: token } = (await login.json()) as { access_token: string };
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(await sharp({ create: { width: 96, height: 64, channels: 3, background: '#aa3300' } }).png().toBuffer())], { type: 'image/png' }), 'rust.png');
    const uploaded = await fetch(`${storeA.baseUrl}/api/admin/products/${product.id}/images`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    expect(uploaded.status).toBe(201);
    const picture = ((await uploaded.json()) as { images: Array<{ img: string }> }).images.at(-1)!.img;
    const pictureBytes = readFileSync(join(dirA, picture));
    await until('store A to send every message', SETTLE_MS, async () => {
      const state = await outboxState(fixtureA);
      return state.sms === ORDERS && state.mails === ORDERS && state.open === 0;
    });
    const before = messagesPerOrder(orders, smsA, smtpA);
    expect({ sms: before.smsPerOrder, mails: before.mailsPerOrder }).toEqual({ sms: { 1: ORDERS }, mails: { 1: ORDERS } });

    // `npm run backup` while store A runs.
    const file = join(folder, 'store.backup.gz');
    const backup = await runCli('backup-cli', ['--out', file], { DATABASE_URL: original.url, DATA_DIR: dirA, PERSONAL_DATA_KEY });
    expect(backup).toMatchObject({ code: 0, stderr: '' });
    await storeA.stop();

    // `npm run restore` on a new machine that was given another PERSONAL_DATA_KEY: refused, nothing changed.
    const dirB = mkdtempSync(join(folder, 'b-'));
    const refused = await runCli('restore-cli', ['--in', file], { DATABASE_URL: target.url, DATA_DIR: dirB, PERSONAL_DATA_KEY: 'another-key-typed-on-the-new-machine-0123456789' });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^restore refused: The backup's personal data was sealed under another master key than this store's, which comes from PERSONAL_DATA_KEY\. The store it was taken from had PERSONAL_DATA_KEY set: set PERSONAL_DATA_KEY to the same value, then run the restore again\. Nothing was changed\.\n$/);
    const fixtureB = await openStoreFixture(target.url);
    fixtures.push(fixtureB);
    expect(await fixtureB.dataSource.query('SELECT (SELECT count(*) FROM events)::int AS events, (SELECT count(*) FROM users)::int AS users')).toEqual([{ events: 0, users: 0 }]);
    expect(existsSync(join(dirB, picture))).toBe(false);

    // With the right key: restored, every read model rebuilt, every channel moved to the end of the log.
    const restore = await runCli('restore-cli', ['--in', file], { DATABASE_URL: target.url, DATA_DIR: dirB, PERSONAL_DATA_KEY });
    expect(restore).toMatchObject({ code: 0, stderr: '' });
    const restored = await outboxState(fixtureB);

    // Store B on the restored database and folder, its gateways counting from zero.
    const storeB = await startStoreProcess({ databaseUrl: target.url, dataDir: dirB, env: storeEnv(smsB, smtpB) });
    stores.push(storeB);
    const startedB = Date.now();
    const [newOrder] = await placeOrders(storeB.baseUrl, { count: 1, tag: 71, productId: product.id, size: product.sizes[0], deliveryTaka });
    await smsB.waitFor((sms) => sms.number === `88${newOrder.phone}`, SETTLE_MS);
    await smtpB.waitFor((mail) => mail.to.includes(newOrder.email), SETTLE_MS);
    // The new order's messages come after every restored event in the log: the subscriptions have passed them
    // all, and any message they had found worth sending would have its delivery row by now.
    await until('store B to settle', SETTLE_MS, async () => (await outboxState(fixtureB)).open === 0);
    const after = await outboxState(fixtureB);
    const secondsToNewOrderMessages = (Date.now() - startedB) / 1000;
    const servedPicture = await fetch(`${storeB.baseUrl}${picture}`);
    const servedBytes = Buffer.from(await servedPicture.arrayBuffer());
    const again = messagesPerOrder(orders, smsB, smtpB);

    recordFigures('restore-messages', {
      ordersBeforeTheBackup: ORDERS,
      backupBytes: statSync(file).size,
      backupSeconds: backup.seconds,
      backupSummary: backup.stdout.split('\n').filter((line) => line.startsWith('backup written')).map((line) => line.replace(/ to \S+:/, ':')),
      refusedRestoreSeconds: refused.seconds,
      restoreSeconds: restore.seconds,
      restoreSummary: restore.stdout.split('\n').filter((line) => /^(restored|moved|restore done)/.test(line)),
      smsToRestoredOrders: smsB.accepted.filter((sms) => sms.number !== `88${newOrder.phone}`).length,
      mailsToRestoredOrders: smtpB.mails.filter((mail) => !mail.to.includes(newOrder.email)).length,
      restoredOrdersBySmsCount: again.smsPerOrder,
      newOrderSms: smsB.to(newOrder.phone).length,
      newOrderMails: smtpB.mailsTo(newOrder.email).length,
      deliveryRowsOnTheRestoredStore: { sms: after.sms, mails: after.mails },
      secondsFromStoreBStartToTheNewOrderSettled: Math.round(secondsToNewOrderMessages * 10) / 10,
      pictureServed: servedPicture.status,
      wholeScenarioSeconds: Math.round((Date.now() - started) / 100) / 10,
    });

    // Every channel's subscription was moved to the end of the restored log.
    expect(restore.stdout).toContain('moved to the end of the log, sending nothing for restored events: mail-subscription, sms-subscription');
    expect(restored.subscriptions).toEqual({ 'mail-subscription': restored.head, 'sms-subscription': restored.head });
    // Nothing for the restored orders; one SMS and one mail for the new one.
    expect(again.smsPerOrder).toEqual({ 0: ORDERS });
    expect(again.mailsPerOrder).toEqual({ 0: ORDERS });
    expect(smsB.accepted.map((sms) => sms.number)).toEqual([`88${newOrder.phone}`]);
    expect(smtpB.mails.map((mail) => mail.to)).toEqual([[newOrder.email]]);
    expect({ sms: after.sms, mails: after.mails }).toEqual({ sms: 1, mails: 1 });
    // The picture came back with the restore and is served.
    expect(servedPicture.status).toBe(200);
    expect(servedBytes.equals(pictureBytes)).toBe(true);
  }, sized(180_000, 1_800_000));
});
