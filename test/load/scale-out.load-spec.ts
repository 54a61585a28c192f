import { writeFileSync } from 'node:fs';
import { DEMO_STAFF_ACCOUNTS } from '../../server/seed/demo-accounts';
import { apiCaller } from '../support/api-caller';
import { catalogProducts, deliveryCharges, openStoreFixture, setAvailableStock, type StoreFixture } from '../support/store-fixture';
import { startStoreProcess, type StoreProcess } from '../support/store-process';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { prepareBurst } from './support/burst-setup';
import { percentile, runBurst, runId, type CheckoutAnswer } from './support/checkout-burst';
import { recordFigures, sized } from './support/profile';
import { eventsPerProjection as countEventsPerProjection, expectReadModelsEqualReplay } from './support/replay-check';
import { allUp, haproxyInstalled, startHaproxy, startWorkerProcess, type Balancer, type WorkerProcess } from './support/scale-out-cluster';
import { checkReadSide, checkWriteSide, waitForProjections } from './support/store-invariants';

/**
 * The store scaled out as the README says: three API processes (PROJECTIONS=off MAIL_WORKER=off) and one
 * worker (projections and mail) on one PostgreSQL, behind HAProxy health-checking /api/health/ready. During a
 * burst of checkouts and shop reads one API process is killed (SIGKILL) and another is restarted with
 * SIGTERM. Shoppers' browsers retry what got no answer or a 502 with the same Idempotency-Key.
 *
 * What must hold: every order a shopper was told about exists exactly once (and every burst invariant); no
 * server error came from the gracefully stopped process (HAProxy's log says which server answered what); the
 * worker applied each event of each projection exactly once and the API processes none; the read models
 * equal a rebuild. Then the throughput through one API process and through three is measured.
 */
const CHECKOUTS = sized(120, 1_000);
const CLIENTS = sized(24, 100);
const READERS = sized(4, 16);
const STOCK_PER_SKU = sized(12, 70);
const COUPON_LIMITS = sized([5, 10, 15], [30, 60, 90]);
const THROUGHPUT_SECONDS = sized(2, 15);
const THROUGHPUT_CLIENTS = sized(12, 48);
// Behind the HAProxy of startHaproxy (option forwardfor): the client address comes from X-Forwarded-For.
const API_ENV = { PROJECTIONS: 'off', MAIL_WORKER: 'off', SHUTDOWN_DRAIN_DELAY: '2', LOG_LEVEL: 'warn', TRUST_PROXY: 'loopback' };

interface ReadSample {
  status: number;
  path: string;
}

/** Shop reads in a loop until `stop()`: the listing pages and product pages shoppers browse. */
function browse(baseUrl: string, readers: number, slugs: string[]) {
  const samples: ReadSample[] = [];
  let running = true;
  const loops = Array.from({ length: readers }, async (_, reader) => {
    for (let turn = 0; running; turn++) {
      const path = turn % 2 === 0 ? `/api/public/getProductsByShop?page=${1 + ((turn + reader) % 3)}` : `/api/public/productRow?slug=${slugs[(turn + reader) % slugs.length]}`;
      const status = await fetch(`${baseUrl}${path}`, { signal: AbortSignal.timeout(30_000) }).then(
        async (response) => (await response.arrayBuffer(), response.status),
        () => 0,
      );
      samples.push({ status, path });
    }
  });
  return {
    samples,
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

/**
 * A request as a browser makes it: a connection the balancer closed under it (`fetch` throws "other side
 * closed", while waiting for the answer or reading it) is tried again once on a new one, as browsers do for a
 * request that got no answer; the checkout carries its Idempotency-Key, so the retry cannot place a second
 * order. `cut` counts those; the figures report them.
 */
async function fetchAsBrowser(url: string, init: RequestInit, cut: { count: number }): Promise<number> {
  const status = async () => {
    const response = await fetch(url, init);
    await response.arrayBuffer();
    return response.status;
  };
  try {
    return await status();
  } catch {
    cut.count += 1;
    return status();
  }
}

/** Checkouts (ample stock, no coupon) and shop reads from `clients` clients for `seconds`, through `baseUrl`. */
async function measureThroughput(baseUrl: string, options: { seconds: number; clients: number; skus: Array<{ id: number; size: string }>; slugs: string[]; deliveryTaka: number; label: string }) {
  const deadline = Date.now() + options.seconds * 1000;
  const checkoutLatencies: number[] = [];
  let reads = 0;
  const errors: number[] = [];
  const cut = { count: 0 };
  await Promise.all(
    Array.from({ length: options.clients }, async (_, client) => {
      const phone = `019${String(client).padStart(8, '0')}`;
      for (let turn = 0; Date.now() < deadline; turn++) {
        const sku = options.skus[(client + turn) % options.skus.length];
        const started = performance.now();
        const status = await fetchAsBrowser(`${baseUrl}/api/public/confirm-order`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'idempotency-key': `${options.label}-${client}-${turn}` },
          body: JSON.stringify({
            cart: [{ id: sku.id, size: sku.size, qty: 1 }],
            data: { name: `Measured ${client}`, phone, address: `House ${client}, Dhanmondi, Dhaka`, shipping_phone: phone, paymentMethod: 'cash', devliery_charge: options.deliveryTaka },
          }),
        }, cut);
        if (status === 201) checkoutLatencies.push(performance.now() - started);
        else errors.push(status);
        for (let read = 0; read < 3; read++) {
          const path = read === 0 ? `/api/public/getProductsByShop?page=${1 + (turn % 3)}` : `/api/public/productRow?slug=${options.slugs[(client + turn + read) % options.slugs.length]}`;
          const answer = await fetchAsBrowser(`${baseUrl}${path}`, {}, cut);
          if (answer === 200) reads++;
          else errors.push(answer);
        }
      }
    }),
  );
  return {
    checkoutsPerSecond: Math.round((checkoutLatencies.length / options.seconds) * 10) / 10,
    readsPerSecond: Math.round((reads / options.seconds) * 10) / 10,
    checkoutP50Ms: percentile(checkoutLatencies, 50),
    checkoutP99Ms: percentile(checkoutLatencies, 99),
    errors,
    connectionsCutAndRetried: cut.count,
  };
}

describe(`scale-out: three API processes and a worker behind HAProxy, ${CHECKOUTS} checkouts with one process killed and one restarted`, () => {
  let database: TestDatabase;
  const apis: StoreProcess[] = [];
  let worker: WorkerProcess | undefined;
  const balancers: Balancer[] = [];
  let fixture: StoreFixture;

  beforeAll(async () => {
    if (!haproxyInstalled()) throw new Error('haproxy is not installed: apt-get install haproxy (.ci/run does)');
    database = await createTestDatabase('load_scale_out');
    // The first process migrates and seeds; the others start beside it once the schema is there.
    apis.push(await startStoreProcess({ databaseUrl: database.url, env: API_ENV }));
    const [second, third, started] = await Promise.all([
      startStoreProcess({ databaseUrl: database.url, env: { ...API_ENV, SEED_DEMO: 'false' } }),
      startStoreProcess({ databaseUrl: database.url, env: { ...API_ENV, SEED_DEMO: 'false' } }),
      startWorkerProcess({ databaseUrl: database.url }),
    ]);
    apis.push(second, third);
    worker = started;
    fixture = await openStoreFixture(database.url);
  }, 240_000);

  it('lets a supervisor and Prometheus see the worker: health on its own port, and its projections\' lag as metrics', async () => {
    expect(await fetch(`${worker!.endpoint}/health/live`).then((response) => response.status)).toBe(200);
    expect(await fetch(`${worker!.endpoint}/health/ready`).then(async (response) => ({ status: response.status, body: await response.json() }))).toEqual({
      status: 200,
      body: { status: 'up', process: 'worker', database: 'up' },
    });
    const metrics = await fetch(`${worker!.endpoint}/metrics`).then((response) => response.text());
    expect(metrics).toMatch(/^store_projection_lag_seconds\{projection="order-tracking"\} \d/m);
    expect(metrics).toMatch(/^store_queue_jobs\{queue="mail",state="dead"\} \d/m);
  });

  afterAll(async () => {
    for (const balancer of balancers.splice(0)) await balancer.stop();
    await fixture?.close();
    await worker?.stop();
    for (const api of apis.splice(0)) await api.stop();
    await database?.drop();
  });

  it('loses no acknowledged order, answers no 5xx from the gracefully stopped process, applies each event once, and read models equal a rebuild', async () => {
    const [steady, graceful, killed] = apis;
    const balancer = await startHaproxy(apis.map((api, index) => ({ name: `api${index + 1}`, port: api.port })));
    balancers.push(balancer);
    const run = runId('scale');
    const setup = await prepareBurst(fixture, { run, checkouts: CHECKOUTS, clients: CLIENTS, skuCount: 20, stockPerSku: STOCK_PER_SKU, couponLimits: COUPON_LIMITS });
    const slugs = (await catalogProducts(fixture)).slice(0, 12).map((product) => product.slug);

    let faults: Promise<void> | undefined;
    const timeline: Record<string, number> = {};
    const started = Date.now();
    const reads = browse(balancer.baseUrl, READERS, slugs);
    const answers: CheckoutAnswer[] = await runBurst({
      checkouts: setup.checkouts,
      clients: CLIENTS,
      baseUrl: () => balancer.baseUrl,
      retryForMs: 60_000,
      onAnswer: (answered) => {
        if (faults || answered < CHECKOUTS / 4) return;
        faults = (async () => {
          timeline.killedAtSeconds = (Date.now() - started) / 1000;
          await killed.kill('SIGKILL');
          // One fault after the other: the second once the balancer has taken the killed process out.
          await balancer.waitForServers('api3 to be taken out', (servers) => servers.get('api3')?.status.startsWith('DOWN') === true);
          timeline.sigtermAtSeconds = (Date.now() - started) / 1000;
          const exited = graceful.exited();
          graceful.signal('SIGTERM');
          const { code } = await exited;
          timeline.gracefulExitCode = code ?? -1;
          timeline.gracefulStoppedAfterSeconds = (Date.now() - started) / 1000 - timeline.sigtermAtSeconds;
          await graceful.restart();
          timeline.gracefulBackAtSeconds = (Date.now() - started) / 1000;
        })();
      },
    });
    const burstSeconds = (Date.now() - started) / 1000;
    await faults;
    // The killed process starts again (for the throughput phase) while the burst's results are checked.
    const killedBack = killed.restart();
    killedBack.catch(() => undefined); // awaited below; a failure there fails the test
    await reads.stop();
    expect(timeline.gracefulExitCode).toBe(0);

    // Which server answered what, as HAProxy logged it.
    if (process.env.SCALE_OUT_HAPROXY_LOG) writeFileSync(process.env.SCALE_OUT_HAPROXY_LOG, balancer.output());
    const handled = balancer.requests();
    const serverErrors = handled.filter((line) => line.status >= 500);
    const byServer = (name: string) => handled.filter((line) => line.server === name);
    expect(byServer('api2').filter((line) => line.status >= 500)).toEqual([]);
    expect(serverErrors.filter((line) => line.server !== 'api3')).toEqual([]);
    // The killed process's requests in flight came back as 502 (the server went away); shoppers retried them.
    expect(serverErrors.every((line) => line.status === 502)).toBe(true);
    expect(byServer('api1').length).toBeGreaterThan(0);
    expect(byServer('api2').length).toBeGreaterThan(0);
    // Every exchange with the processes left running or stopped gracefully ended normally: none was cut.
    const cut = (name: string) => byServer(name).filter((line) => line.term !== '----').map((line) => `${line.method} ${line.path} ${line.status} ${line.term}`);
    expect(cut('api1')).toEqual([]);
    expect(cut('api2')).toEqual([]);

    // A 502 is what a browser sees as "no answer" here: burst invariants hold over what it finally got.
    const asBrowserSawIt = answers.map((answer) => ({ ...answer, statuses: answer.statuses.map((status) => (status === 502 ? 0 : status)) }));
    const figures = await checkWriteSide({ fixture, run, answers: asBrowserSawIt, ...setup });
    expect(figures.accepted).toBeGreaterThan(0);
    // A read the killed process was answering came back as a 502 or was cut off (no status): at most the one
    // each reader had in flight when it died; a refused connection afterwards HAProxy sends to another server.
    const readStatuses = reads.samples.map((sample) => sample.status);
    expect(readStatuses.filter((status) => status !== 200 && status !== 502 && status !== 0)).toEqual([]);
    expect(readStatuses.filter((status) => status === 502 || status === 0).length).toBeLessThanOrEqual(READERS);
    expect(answers.filter((answer) => answer.statuses.some((status) => status === 502 || status === 0)).length).toBeLessThanOrEqual(CLIENTS);

    await waitForProjections(database.url);
    await checkReadSide({ fixture, run, answers: asBrowserSawIt, ...setup, baseUrl: balancer.baseUrl });

    // Throughput through one API process and through all three (the killed one started again).
    await killedBack;
    const products = await catalogProducts(fixture);
    const throughputSkus = products.slice(20, 30).map((product) => ({ id: product.id, size: product.sizes[0] }));
    for (const sku of throughputSkus) await setAvailableStock(fixture, sku.id, sku.size, 1_000_000);
    const deliveryTaka = (await deliveryCharges(fixture)).insidePaisa / 100;
    const single = await startHaproxy([{ name: 'api1', port: steady.port }]);
    balancers.push(single);
    const all = await startHaproxy(apis.map((api, index) => ({ name: `api${index + 1}`, port: api.port })));
    balancers.push(all);
    // Measured once each balancer has health-checked its servers and sends each its share.
    await single.waitForServers('api1 up', allUp(['api1']));
    await all.waitForServers('every server up', allUp(['api1', 'api2', 'api3']));
    const oneProcess = await measureThroughput(single.baseUrl, { seconds: THROUGHPUT_SECONDS, clients: THROUGHPUT_CLIENTS, skus: throughputSkus, slugs, deliveryTaka, label: `${run}-one` });
    const threeProcesses = await measureThroughput(all.baseUrl, { seconds: THROUGHPUT_SECONDS, clients: THROUGHPUT_CLIENTS, skus: throughputSkus, slugs, deliveryTaka, label: `${run}-three` });
    expect(oneProcess.errors).toEqual([]);
    expect(threeProcesses.errors).toEqual([]);
    expect(new Set(all.requests().map((line) => line.server))).toEqual(new Set(['api1', 'api2', 'api3']));

    // Each projection's events applied exactly once, all by the worker: the API processes ran none.
    await waitForProjections(database.url);
    const admin = DEMO_STAFF_ACCOUNTS.find((account) => account.role === 'admin')!;
    for (const api of apis) {
      const caller = apiCaller(() => api.baseUrl);
      const { access_token: token } = await caller.login(admin.email, admin.password);
      const { status, body } = await caller.call('GET', '/api/admin/projections', token);
      expect(status).toBe(200);
      expect(body.data.map((projection: { eventsAppliedByThisProcess: number }) => projection.eventsAppliedByThisProcess)).toEqual(body.data.map(() => 0));
    }
    expect(await worker!.stop()).toBe(0);
    const countsLine = worker!.logLines().find((line) => line.msg === 'projections applied by this process');
    expect(countsLine).toBeDefined();
    const appliedByWorker = countsLine!.eventsAppliedByThisProcess as Record<string, number>;
    worker = undefined;
    const projections = await expectReadModelsEqualReplay(database.url);
    const eventsPerProjection = await countEventsPerProjection(fixture.dataSource, projections);
    for (const { name } of projections) {
      expect({ projection: name, applied: appliedByWorker[name] }).toEqual({ projection: name, applied: eventsPerProjection[name] });
    }

    recordFigures('scale-out', {
      command: sized('npm test -- test/load/scale-out', 'npm run test:load -- scale-out'),
      apiProcesses: 3,
      clients: CLIENTS,
      readers: READERS,
      burstSeconds: Math.round(burstSeconds * 10) / 10,
      ...timeline,
      requestsThroughHaproxy: handled.length,
      requestsPerServer: Object.fromEntries(['api1', 'api2', 'api3'].map((name) => [name, byServer(name).length])),
      serverStateChanges: balancer.serverStateChanges(),
      badGatewayFromKilledProcess: serverErrors.length,
      serverErrorsFromGracefulProcess: byServer('api2').filter((line) => line.status >= 500).length,
      shopReads: readStatuses.length,
      shopReadsAnswered502OrCut: readStatuses.filter((status) => status === 502 || status === 0).length,
      checkoutRetriesAfter502OrNoAnswer: answers.reduce((sum, answer) => sum + answer.statuses.filter((status) => status === 502 || status === 0).length, 0),
      eventsPerProjection,
      eventsAppliedByWorker: appliedByWorker,
      throughput: {
        seconds: THROUGHPUT_SECONDS,
        clients: THROUGHPUT_CLIENTS,
        oneApiProcess: { ...oneProcess, errors: oneProcess.errors.length },
        threeApiProcesses: { ...threeProcesses, errors: threeProcesses.errors.length },
      },
      ...figures,
    });
  }, 600_000);
});
