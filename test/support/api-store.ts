import { Client } from 'pg';
import { catalogProducts, deliveryCharges, openStoreFixture, type FixtureProduct, type StoreFixture } from './store-fixture';
import { apiCaller, type StaffRole } from './api-caller';
import { startTestServer, type TestServer, type TestServerOptions } from './test-server';

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
export function useApiStore(options: TestServerOptions = {}): ApiStore {
  const state = {} as { -readonly [K in keyof ApiStore]: ApiStore[K] };
  beforeAll(async () => {
    state.server = await startTestServer(options);
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

/** An API store with every demo role signed in (`tokens`) and a caller bound to its server. */
export interface StaffApiStore extends ApiStore, Omit<ReturnType<typeof apiCaller>, 'signInEveryRole'> {
  readonly tokens: Record<StaffRole | 'customer', string>;
}

/** `useApiStore` plus a bearer token per demo role, signed in after the server starts (set by beforeAll). */
export function useStaffApiStore(options: TestServerOptions = {}): StaffApiStore {
  const store = useApiStore(options);
  const { call, login, signInEveryRole } = apiCaller(() => store.server.baseUrl);
  const state = Object.create(store, { call: { value: call }, login: { value: login } }) as StaffApiStore & { tokens: StaffApiStore['tokens'] };
  beforeAll(async () => {
    state.tokens = await signInEveryRole();
  });
  return state;
}

/**
 * Asks, as admin, for a rebuild of the projection `name` (answered 202) and polls the projections list every
 * 100 ms, at most `tries` times, until its job is done. Returns the last job seen: assert on its state.
 */
export async function rebuildProjection(store: StaffApiStore, name: string, tries = 200): Promise<{ state: string } | null> {
  expect((await store.call('POST', `/api/admin/projections/${name}/rebuild`, store.tokens.admin)).status).toBe(202);
  let job: { state: string } | null = null;
  for (let attempt = 0; attempt < tries && job?.state !== 'done'; attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const listed: Array<{ name: string; job: { state: string } | null }> = (await store.call('GET', '/api/admin/projections', store.tokens.admin)).body.data;
    job = listed.find((projection) => projection.name === name)?.job ?? null;
  }
  return job;
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
