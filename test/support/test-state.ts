import { resolve } from 'node:path';

export const TEST_STATE_DIR = resolve(__dirname, '../../.data/test');

/** Set by the jest global setup: a superuser URL from which each suite creates its own database. */
export const ADMIN_URL_VARIABLE = 'STORE_TEST_ADMIN_DATABASE_URL';

export interface TestState {
  adminUrl: string;
}

export function readTestState(): TestState {
  const adminUrl = process.env[ADMIN_URL_VARIABLE];
  if (!adminUrl) throw new Error(`${ADMIN_URL_VARIABLE} is not set: run the tests through jest (npm test), whose global setup provides PostgreSQL`);
  return { adminUrl };
}
