import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { startEmbeddedPostgres } from '../../server/config/embedded-postgres';
import { launchSharedBrowser, SHARED_BROWSER_VARIABLE } from './chromium';
import { ADMIN_URL_VARIABLE, SHARE_BROWSER_VARIABLE, TEST_RUN_VARIABLE, TEST_STATE_DIR } from './test-state';

/**
 * Gives every suite a real PostgreSQL. With DATABASE_URL that server is used; otherwise an embedded one is
 * started in a fresh folder under .data/test (one per run, so parallel runs never share one), removed by the
 * global teardown. The admin URL reaches the suites through the environment (workers inherit it). Suites create their own databases from
 * the admin URL, so no suite sees another's data.
 */
export default async function globalSetup(): Promise<void> {
  mkdirSync(TEST_STATE_DIR, { recursive: true });
  process.env[TEST_RUN_VARIABLE] = randomBytes(4).toString('hex');
  if (process.env[SHARE_BROWSER_VARIABLE] === '1') {
    // One Chromium for the lane's browser suites: each connects, opens its own contexts and disconnects.
    const browser = await launchSharedBrowser();
    (globalThis as { __sharedBrowser?: { close(): Promise<void> } }).__sharedBrowser = browser;
    process.env[SHARED_BROWSER_VARIABLE] = browser.wsEndpoint();
  }
  if (process.env.DATABASE_URL) {
    process.env[ADMIN_URL_VARIABLE] = process.env.DATABASE_URL;
    return;
  }
  const started = Date.now();
  const runDir = mkdtempSync(join(TEST_STATE_DIR, 'pg-'));
  // As root, the binaries run as a 'postgres' user, which must be able to enter the folder.
  chmodSync(runDir, 0o755);
  const dataDir = join(runDir, 'data');
  const handle = await startEmbeddedPostgres({ dataDir, database: 'postgres' });
  (globalThis as { __embeddedPostgres?: { handle: typeof handle; dataDir: string } }).__embeddedPostgres = { handle, dataDir };
  process.env[ADMIN_URL_VARIABLE] = handle.adminUrl;
  process.stdout.write(`\nembedded PostgreSQL for tests started in ${Date.now() - started} ms\n`);
}
