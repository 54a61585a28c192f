import { resolve } from 'node:path';

export const TEST_STATE_DIR = resolve(__dirname, '../../.data/test');

/** Set by the jest global setup: a superuser URL from which each suite creates its own database. */
export const ADMIN_URL_VARIABLE = 'STORE_TEST_ADMIN_DATABASE_URL';

/** Set by the jest global setup: names this run's template databases (`tpl_<run>_…`), dropped at its end. */
export const TEST_RUN_VARIABLE = 'STORE_TEST_RUN_ID';

export interface TestState {
  adminUrl: string;
}

export function readTestState(): TestState {
  const adminUrl = process.env[ADMIN_URL_VARIABLE];
  if (!adminUrl) throw new Error(`${ADMIN_URL_VARIABLE} is not set: run the tests through jest (npm test), whose global setup provides PostgreSQL`);
  return { adminUrl };
}

/** The global a suite's afterEach hooks read to learn whether the test that just ran failed (test-environment.ts). */
export const FAILED_TEST_GLOBAL = '__storeFailedTest';

/** Set for a jest run (scripts/test.mjs's browser lane) that should start one Chromium for all its browser suites. */
export const SHARE_BROWSER_VARIABLE = 'STORE_TEST_SHARE_BROWSER';
