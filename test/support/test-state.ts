import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const TEST_STATE_DIR = resolve(__dirname, '../../.data/test');
export const TEST_STATE_FILE = join(TEST_STATE_DIR, 'state.json');

export interface TestState {
  /** A superuser connection to a maintenance database, used to create one database per suite. */
  adminUrl: string;
  embedded: boolean;
}

export function readTestState(): TestState {
  return JSON.parse(readFileSync(TEST_STATE_FILE, 'utf8')) as TestState;
}
