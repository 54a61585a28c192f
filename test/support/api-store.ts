import { Client } from 'pg';
import { catalogProducts, deliveryCharges, openStoreFixture, type FixtureProduct, type StoreFixture } from './store-fixture';
import { startTestServer, type TestServer } from './test-server';

/** What an API suite works with: the store over HTTP, a connection to its database, the demo products and delivery charges. */
export interface ApiStore {
  readonly server: TestServer;
  readonly fixture: StoreFixture;
  readonly products: FixtureProduct[];
  /** The delivery charges in Taka, as the checkout sends them. */
  readonly insideTaka: number;
  readonly outsideTaka: number;
}

/**
 * For an API suite's describe block: a test server, a fixture on its database, the catalog's products and the
 * delivery charges; both closed after the block. Read the fields in hooks and tests (set by beforeAll).
 */
export function useApiStore(): ApiStore {
  const state = {} as { -readonly [K in keyof ApiStore]: ApiStore[K] };
  beforeAll(async () => {
    state.server = await startTestServer();
    state.fixture = await openStoreFixture(state.server.databaseUrl);
    state.products = await catalogProducts(state.fixture);
    const charges = await deliveryCharges(state.fixture);
    state.insideTaka = charges.insidePaisa / 100;
    state.outsideTaka = charges.outsidePaisa / 100;
  });
  afterAll(async () => {
    await state.fixture?.close();
    await state.server?.stop();
  });
  return state;
}

/** A JSON answer, loosely typed: the assertions say what it must contain. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const readJson = async (response: Response): Promise<any> => response.json();

/** For a suite that reads the database itself: a test server and a `pg` client on its database, both closed after the block. */
export function useServerWithDb(): { readonly server: TestServer; readonly db: Client } {
  const state = {} as { server: TestServer; db: Client };
  beforeAll(async () => {
    state.server = await startTestServer();
    state.db = new Client({ connectionString: state.server.databaseUrl });
    await state.db.connect();
  });
  afterAll(async () => {
    await state.db?.end();
    await state.server?.stop();
  });
  return state;
}
