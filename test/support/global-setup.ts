import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startEmbeddedPostgres } from '../../server/config/embedded-postgres';
import { TEST_STATE_DIR, TEST_STATE_FILE } from './test-state';

/**
 * Gives every suite a real PostgreSQL. With DATABASE_URL that server is used; otherwise an embedded one is
 * started under .data/test-pg and stopped by the global teardown. Suites create their own databases from
 * the admin URL, so no suite sees another's data.
 */
export default async function globalSetup(): Promise<void> {
  mkdirSync(TEST_STATE_DIR, { recursive: true });
  if (process.env.DATABASE_URL) {
    writeFileSync(TEST_STATE_FILE, JSON.stringify({ adminUrl: process.env.DATABASE_URL, embedded: false }));
    return;
  }
  const started = Date.now();
  const handle = await startEmbeddedPostgres({ dataDir: join(TEST_STATE_DIR, 'pg'), database: 'postgres' });
  (globalThis as { __embeddedPostgres?: typeof handle }).__embeddedPostgres = handle;
  writeFileSync(TEST_STATE_FILE, JSON.stringify({ adminUrl: handle.adminUrl, embedded: true }));
  process.stdout.write(`\nembedded PostgreSQL for tests started in ${Date.now() - started} ms\n`);
}
