import type { INestApplication } from '@nestjs/common';
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { createApp } from '../../server/app';
import { parseEnv } from '../../server/config/env';
import { prepareRuntime } from '../../server/config/runtime';
import { CHECKOUT_LIMITS_OFF } from './checkout-limits';
import { createTestDatabase } from './test-database';
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
  const database = options.databaseUrl ? undefined : await createTestDatabase('api');
  const databaseUrl = options.databaseUrl ?? database!.url;
  const dataDir = mkdtempSync(join(TEST_STATE_DIR, 'server-'));
  const env = parseEnv({
    NODE_ENV: 'test',
    // Quiet among the test results: only errors, unless the run sets LOG_LEVEL (or the test passes its own).
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'error',
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-0123456789',
    ...CHECKOUT_LIMITS_OFF,
    // The tests call from 127.0.0.1 and play the proxy in front of the store: they choose each request's client
    // address with X-Forwarded-For. A test of the default (no proxy trusted) passes TRUST_PROXY: 'none'.
    TRUST_PROXY: 'loopback',
    ...options.env,
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
  });
  const runtime = await prepareRuntime(env, () => undefined);
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
