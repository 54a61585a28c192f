import { PRODUCTION_TEST_SETTINGS } from './store-process';
import type { INestApplication } from '@nestjs/common';
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { createApp } from '../../server/app';
import { parseEnv } from '../../server/config/env';
import { prepareRuntime } from '../../server/config/runtime';
import { CHECKOUT_LIMITS_OFF } from './checkout-limits';
import { createDatabaseFrom, ensureTemplate, migratedTemplate, templateKey } from './test-database';
import { TEST_STATE_DIR } from './test-state';

export interface TestServer {
  baseUrl: string;
  databaseUrl: string;
  dataDir: string;
  app: INestApplication;
  stop(): Promise<void>;
}

export interface TestServerOptions {
  /** Extra environment for this server (REDIS_URL, SMTP_URL, APP_ORIGINS ...). */
  env?: Record<string, string>;
  /** Reuse a database (a second process on the same data); a fresh one is created otherwise. */
  databaseUrl?: string;
}

/**
 * A real store on 127.0.0.1 with its own database and data folder, exactly as `npm start` builds it, for
 * black-box tests over HTTP. The demo catalog is seeded unless SEED_DEMO=false.
 */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const env = serverEnv(options.env);
  const database = options.databaseUrl ? undefined : await createDatabaseFrom('api', await templateFor(env));
  const databaseUrl = options.databaseUrl ?? database!.url;
  const dataDir = mkdtempSync(join(TEST_STATE_DIR, 'server-'));
  const runtime = await prepareRuntime(parseEnv({ ...env, DATABASE_URL: databaseUrl, DATA_DIR: dataDir }), () => undefined);
  const app = await createApp(runtime.config);
  await app.listen(0, '127.0.0.1');
  const address = app.getHttpServer().address() as { port: number };
  return {
    baseUrl: `http://127.0.0.1:${address.port}`,
    databaseUrl,
    dataDir,
    app,
    async stop() {
      await app.close();
      await runtime.stop();
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The environment of a test server: the defaults below, then the suite's own. */
function serverEnv(extra: Record<string, string> = {}): Record<string, string> {
  return {
    NODE_ENV: 'test',
    // Quiet among the test results: only errors, unless the run sets LOG_LEVEL (or the test passes its own).
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'error',
    JWT_SECRET: PRODUCTION_TEST_SETTINGS.JWT_SECRET,
    // The same keys as a store process of the tests (store-process.ts), so either reads what the other sealed.
    PERSONAL_DATA_KEY: PRODUCTION_TEST_SETTINGS.PERSONAL_DATA_KEY,
    // A cheap scrypt cost (allowed only with NODE_ENV=test): a production hash costs 128 MiB and about a second.
    // password-hasher.spec.ts and env.spec.ts keep the production parameters and their refusal elsewhere.
    PASSWORD_HASH_COST: 'test',
    ...CHECKOUT_LIMITS_OFF,
    // The tests call from 127.0.0.1 and play the proxy in front of the store: they choose each request's client
    // address with X-Forwarded-For. A test of the default (no proxy trusted) passes TRUST_PROXY: 'none'.
    TRUST_PROXY: 'loopback',
    ...extra,
  };
}

/**
 * The template a new test server's database is copied from: migrated only with SEED_DEMO=false, otherwise the
 * demo store as a first start seeds and projects it — made once per run by starting a store on it. What the seed
 * writes depends on the secrets and the hash cost only, so servers with other settings share it.
 */
async function templateFor(env: Record<string, string>): Promise<string> {
  if (env.SEED_DEMO === 'false' || env.SEED_DEMO === '0') return migratedTemplate();
  const key = templateKey({ JWT_SECRET: env.JWT_SECRET, PERSONAL_DATA_KEY: env.PERSONAL_DATA_KEY, PASSWORD_HASH_COST: env.PASSWORD_HASH_COST });
  return ensureTemplate(
    `seeded_${key}`,
    async (url) => {
      const dataDir = mkdtempSync(join(TEST_STATE_DIR, 'template-'));
      try {
        const seedEnv = { ...serverEnv(), JWT_SECRET: env.JWT_SECRET, PASSWORD_HASH_COST: env.PASSWORD_HASH_COST };
        if (env.PERSONAL_DATA_KEY) Object.assign(seedEnv, { PERSONAL_DATA_KEY: env.PERSONAL_DATA_KEY });
        const runtime = await prepareRuntime(parseEnv({ ...seedEnv, DATABASE_URL: url, DATA_DIR: dataDir }), () => undefined);
        // init() runs the start-up seed, which returns once the projections show the demo store.
        const app = await createApp(runtime.config);
        await app.init();
        await app.close();
        await runtime.stop();
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    migratedTemplate,
  );
}

/**
 * For a describe block: a test server started before its tests and stopped after them (beforeAll and afterAll,
 * registered where this is called). Jest runs a block's hooks in the order they are declared, so a resource the
 * server needs is started in a beforeAll declared before this call and stopped in an afterAll declared after it.
 * Pass `options` as a function when they name such a resource (its URL is known only once it has started): it is
 * called when the server starts. The answer reads the running server, in hooks and tests of the block.
 */
export function useTestServer(options: TestServerOptions | (() => TestServerOptions) = {}): TestServer {
  let started: TestServer | undefined;
  beforeAll(async () => {
    started = await startTestServer(typeof options === 'function' ? options() : options);
  });
  afterAll(() => started?.stop());
  const running = (): TestServer => {
    if (!started) throw new Error('The test server is not running: read it in a hook or a test of the block that uses it.');
    return started;
  };
  return {
    get baseUrl() {
      return running().baseUrl;
    },
    get databaseUrl() {
      return running().databaseUrl;
    },
    get dataDir() {
      return running().dataDir;
    },
    get app() {
      return running().app;
    },
    stop: () => running().stop(),
  };
}
