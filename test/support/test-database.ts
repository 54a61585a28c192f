import { createHash, randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { openDatabase } from '../../server/database/data-source';
import { readTestState, TEST_RUN_VARIABLE } from './test-state';

export interface TestDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

export interface TestDatabaseOptions {
  /**
   * `migrated` (the default): a copy of a database with every migration applied, made once per test run, so a
   * suite does not run the 18 migrations again. `empty`: a database with nothing in it.
   */
  from?: 'migrated' | 'empty';
}

/**
 * Creates a database for one suite on the test PostgreSQL; `drop()` removes it. Copying a template is a copy
 * inside PostgreSQL (0.1-0.4 s here); migrating a new database took a second or more per suite.
 */
export async function createTestDatabase(prefix = 'test', options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const template = options.from === 'empty' ? undefined : await migratedTemplate();
  return createDatabaseFrom(prefix, template);
}

/** A new database copied from `template` (or empty), named after `prefix`. */
export async function createDatabaseFrom(prefix: string, template: string | undefined): Promise<TestDatabase> {
  const { adminUrl } = readTestState();
  const name = `${prefix.replace(/[^a-z0-9_]/gi, '_').toLowerCase()}_${randomBytes(4).toString('hex')}`;
  await withAdmin((admin) => admin.query(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ''}`));
  return {
    url: databaseUrl(adminUrl, name),
    name,
    drop: () => withAdmin((admin) => admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(() => undefined),
  };
}

/** The run's migrated template: made by the first suite that asks (under a lock), then copied by every other. */
export function migratedTemplate(): Promise<string> {
  return ensureTemplate('migrated', async (url) => {
    const dataSource = await openDatabase({ url, poolSize: 2 });
    await dataSource.destroy();
  });
}

/**
 * A template of this test run named `tpl_<run>_<kind>`, made once by `build` (given the URL of a migrated copy to
 * fill) and reused by every suite of the run, across jest processes sharing a server. The global teardown drops
 * them. Concurrent callers wait on a PostgreSQL advisory lock; a failed build leaves no template behind.
 */
export async function ensureTemplate(kind: string, build: (url: string) => Promise<void>, base?: () => Promise<string>): Promise<string> {
  const { adminUrl } = readTestState();
  const name = templateName(kind);
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    if (await exists(admin, name)) return name;
    await admin.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
    try {
      if (await exists(admin, name)) return name;
      const building = `${name}_building`;
      const source = base ? await base() : undefined;
      await admin.query(`DROP DATABASE IF EXISTS "${building}" WITH (FORCE)`);
      await admin.query(`CREATE DATABASE "${building}"${source ? ` TEMPLATE "${source}"` : ''}`);
      try {
        await build(databaseUrl(adminUrl, building));
        // Whatever the build left connected (a pool closing late) would make every copy fail.
        await admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`, [building]);
        await admin.query(`ALTER DATABASE "${building}" RENAME TO "${name}"`);
      } catch (error) {
        await admin.query(`DROP DATABASE IF EXISTS "${building}" WITH (FORCE)`);
        throw error;
      }
      return name;
    } finally {
      await admin.query('SELECT pg_advisory_unlock(hashtext($1))', [name]);
    }
  } finally {
    await admin.end();
  }
}

/** Drops this run's templates (the global teardown, when the run used a server it does not own). */
export async function dropRunTemplates(adminUrl: string, runId: string): Promise<void> {
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE $1`, [`tpl_${runId}_%`]);
    for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

/** A short, stable digest of what a template depends on (so different settings get different templates). */
export function templateKey(parts: Record<string, string | undefined>): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 10);
}

function templateName(kind: string): string {
  const runId = process.env[TEST_RUN_VARIABLE];
  if (!runId) throw new Error(`${TEST_RUN_VARIABLE} is not set: run the tests through jest (npm test), whose global setup names the run`);
  return `tpl_${runId}_${kind}`.toLowerCase();
}

async function exists(admin: Client, name: string): Promise<boolean> {
  const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  return rowCount === 1;
}

async function withAdmin<T>(work: (admin: Client) => Promise<T>): Promise<T> {
  const admin = new Client({ connectionString: readTestState().adminUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
