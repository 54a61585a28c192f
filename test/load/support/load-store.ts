import { openStoreFixture, type StoreFixture } from '../../support/store-fixture';
import { startStoreProcess, type StoreProcess } from '../../support/store-process';
import { createTestDatabase, type TestDatabase } from '../../support/test-database';

export interface LoadStore {
  readonly database: TestDatabase;
  /** The store processes, started one after the other (the first seeds the demo store). */
  readonly stores: StoreProcess[];
  readonly fixture: StoreFixture;
}

/**
 * For a describe block: a fresh database, `processes` store processes on it as `npm start` runs them, and the
 * fixture to set stock and read streams; all stopped and dropped after the block.
 */
export function useLoadStore(label: string, processes = 1): LoadStore {
  const state = { stores: [] as StoreProcess[] } as { database: TestDatabase; stores: StoreProcess[]; fixture: StoreFixture };
  beforeAll(async () => {
    state.database = await createTestDatabase(label);
    for (let started = 0; started < processes; started++) state.stores.push(await startStoreProcess({ databaseUrl: state.database.url }));
    state.fixture = await openStoreFixture(state.database.url);
  }, 240_000);
  afterAll(async () => {
    await state.fixture?.close();
    for (const store of state.stores.splice(0)) await store.stop();
    await state.database?.drop();
  });
  return state;
}
