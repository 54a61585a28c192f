import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { findFreePort } from '../../server/config/embedded-postgres';
import { migrations } from '../../server/database/migrations';
import { query } from '../support/sql-query';
import { ensureServerBuilt, PRODUCTION_TEST_SETTINGS } from '../support/store-process';
import { createTestDatabase } from '../support/test-database';
import { TEST_STATE_DIR } from '../support/test-state';

/**
 * Issue 28: a production process is told, not guessed. Started with NODE_ENV=production alone it exits naming
 * each setting it needs; with them it has no demo admin. Migrations run under one lock: two `npm run migrate`
 * at once apply each migration once, and a process started with MIGRATIONS=wait on an empty database serves
 * only once they have.
 */
const ROOT = resolve(__dirname, '../..');

interface Run {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function run(script: string, env: Record<string, string>): Run {
  let output = '';
  const child = spawn(process.execPath, [join(ROOT, script)], { cwd: ROOT, env: { PATH: process.env.PATH, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output, exited: new Promise((done) => child.once('exit', (code) => done(code))) };
}

async function until(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 60_000): Promise<void> {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; ) {
    if (await condition()) return;
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('starting the store in production (issue 28)', () => {
  const started: Run[] = [];
  const folders: string[] = [];
  let database: { url: string; drop(): Promise<void> } | undefined;
  beforeAll(() => ensureServerBuilt());
  afterEach(async () => {
    for (const each of started.splice(0)) {
      if (each.child.exitCode === null && each.child.signalCode === null) {
        each.child.kill('SIGKILL');
        await each.exited;
      }
    }
    await database?.drop();
    database = undefined;
    for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
  });
  const dataDir = () => {
    const folder = mkdtempSync(join(TEST_STATE_DIR, 'production-'));
    folders.push(folder);
    return folder;
  };

  it('exits naming every setting a production store needs, and changes nothing in the database', async () => {
    database = await createTestDatabase('production-start', { from: 'empty' });
    const store = run('dist/server/main.js', { NODE_ENV: 'production', DATABASE_URL: database.url, DATA_DIR: dataDir(), HOST: '127.0.0.1', PORT: String(await findFreePort()) });
    started.push(store);
    expect(await store.exited).toBe(1);
    for (const setting of ['SEED_DEMO', 'JWT_SECRET', 'PERSONAL_DATA_KEY', 'APP_ORIGINS']) expect(store.output()).toContain(`${setting}: `);
    expect(store.output()).toContain('set SEED_DEMO=false in production');
    expect(await query(database.url, `SELECT count(*)::int AS tables FROM pg_tables WHERE schemaname = 'public'`)).toEqual([{ tables: 0 }]);
  });

  it('migrates once under the lock, waits for it with MIGRATIONS=wait, and has no demo admin', async () => {
    database = await createTestDatabase('production-migrate', { from: 'empty' });
    const port = await findFreePort();
    const settings = { ...PRODUCTION_TEST_SETTINGS, APP_ORIGINS: `http://127.0.0.1:${port}`, SEED_DEMO: 'false', LOG_LEVEL: 'log', DATABASE_URL: database.url };
    const store = run('dist/server/main.js', { ...settings, MIGRATIONS: 'wait', DATA_DIR: dataDir(), HOST: '127.0.0.1', PORT: String(port) });
    started.push(store);
    await until(() => store.output().includes('waiting for the database to be migrated'), 'the store to say it waits for the migrations');
    expect(await fetch(`http://127.0.0.1:${port}/api/health/live`).then((response) => response.status, () => 'no answer')).toBe('no answer');

    // Two deploys run `npm run migrate` at the same moment: each migration is applied once.
    const first = run('dist/server/migrate-cli.js', { ...settings, DATA_DIR: dataDir() });
    const second = run('dist/server/migrate-cli.js', { ...settings, DATA_DIR: dataDir() });
    started.push(first, second);
    expect(await Promise.all([first.exited, second.exited])).toEqual([0, 0]);
    const outputs = [first.output(), second.output()];
    expect(outputs.filter((output) => output.includes(`applied ${migrations.length} migration(s)`))).toHaveLength(1);
    expect(outputs.filter((output) => output.includes('the database is up to date'))).toHaveLength(1);
    expect(await query(database.url, 'SELECT count(*)::int AS applied FROM schema_migrations')).toEqual([{ applied: migrations.length }]);

    await until(() => fetch(`http://127.0.0.1:${port}/api/health/ready`).then((response) => response.status === 200, () => false), 'the store to be ready');
    const demoAdmin = await fetch(`http://127.0.0.1:${port}/api/auth/userLogin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@teebazaar.test', password: 'TeeBazaar-Admin-2026!' }),
    });
    expect(demoAdmin.status).toBe(401);
    expect(await query(database.url, `SELECT count(*)::int AS accounts FROM users`)).toEqual([{ accounts: 0 }]);
  });
});
