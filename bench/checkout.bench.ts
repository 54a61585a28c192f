import { benchProductionEnv } from './support/production-env';
import autocannon from 'autocannon';
import { ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { findFreePort } from '../server/config/embedded-postgres';
import {
  availableStock,
  catalogProducts,
  deliveryCharges,
  openStoreFixture,
  setAvailableStock,
  type StoreFixture,
} from '../test/support/store-fixture';
import { hasRedisServerBinary, provideRedis, type TestRedis } from '../test/support/redis';
import { freshDatabase } from './support/fresh-database';
import { machine } from './support/machine';
import { cpuBetween, cpuOf } from './support/process-cpu';
import { runBenchmark, resultsFile, writeResults } from './support/results';

/**
 * Checkout under load: 64 concurrent clients (autocannon) placing single-unit orders through
 * POST /api/public/confirm-order against the store as shipped and run (a worker process and an API process, as
 * `npm start` and production run them, with the V8 flags the store ships in scripts/node-flags.mjs; demo catalog), first on
 * 64 distinct SKUs (one per client), then all on one hot SKU. Each request is a new checkout with its own
 * Idempotency-Key and phone (unique over every run), as the storefront sends it. The checkout limits of issue
 * 14 stay on (3 open unpaid orders per phone, 10 units per line, 30 per order) except the per-address ones:
 * CHECKOUT_LIMIT_PER_IP_HOUR=0 and CHECKOUT_UNITS_PER_IP_HOUR=0, because the 64 clients all come from 127.0.0.1
 * and stand for shoppers on many addresses. With BENCH_CLIENT_ADDRESSES=N they come from many addresses instead
 * (X-Forwarded-For, the store trusting loopback), N checkouts each, and the per-address limits stay on at the
 * settings' defaults (120 checkouts and 60 units held an hour; issue 27). Bars (issue 3): >= 400 orders/s distinct,
 * >= 150 orders/s hot, p99 < 250 ms (median of BENCH_RUNS runs), zero oversold units and no non-2xx answer in
 * any run.
 */
const CONNECTIONS = 64;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** Runs per scenario; the median run (by orders/s) is judged. The machine is shared, so one run can be unlucky. */
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const STOCK_PER_SKU = 1_000_000;
/** After a run, before its CPU is read: the projections and SMS an order leaves behind catch up in this time. */
const SETTLE_MS = 3_000;
/** Checkouts per client address, when the clients come from many addresses (per-address limits on); 0: all from 127.0.0.1. */
const PER_ADDRESS = Number(process.env.BENCH_CLIENT_ADDRESSES ?? 0);
const RESULTS_FILE = resultsFile(PER_ADDRESS > 0 ? 'checkout-per-address.json' : 'checkout.json');
/**
 * The store measured: this checkout's build, or another's (BENCH_STORE_ROOT=<a checkout of an older main, built>)
 * so both are measured by the same load generator. BENCH_PROCESSES=one runs it as one process doing everything,
 * as the store ran before the worker was split off (issue 28).
 */
const ROOT = resolve(process.env.BENCH_STORE_ROOT ?? resolve(__dirname, '../..'));
const ONE_PROCESS = process.env.BENCH_PROCESSES === 'one';

interface Sku {
  productId: number;
  size: string;
}

interface Scenario {
  name: string;
  bar: { ordersPerSecond: number; p99Ms: number };
  /** The SKU the n-th connection buys. */
  skuFor: (connection: number) => Sku;
}

interface Outcome {
  orders: number;
  ordersPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
  /** CPU the store processes (API and worker: checkout, projections, subscriptions, jobs) used per order, in ms; null without /proc. */
  storeCpuMsPerOrder: number | null;
  /** Of which the API process (the request path), in ms; with one process, all of it. */
  apiCpuMsPerOrder: number | null;
  /** What the database did per order, from pg_stat_database: transactions committed and rows written (inserted, updated, deleted). */
  databaseWorkPerOrder: { transactions: number; rowsWritten: number } | null;
  /** CPU the store's PostgreSQL backends used per order, in ms; null without /proc or when they run elsewhere. */
  databaseCpuMsPerOrder: number | null;
}

/** What the store process and its database's backends have used so far (CPU ms by pid). */
interface DatabaseWork {
  transactions: number;
  rowsWritten: number;
}

/** The store database's counters so far (the statistics collector's, flushed within a second of a commit). */
async function databaseWork(fixture: StoreFixture): Promise<DatabaseWork> {
  const [row]: Array<{ transactions: string; rows_written: string }> = await fixture.dataSource.query(
    `SELECT xact_commit AS transactions, tup_inserted + tup_updated + tup_deleted AS rows_written FROM pg_stat_database WHERE datname = current_database()`,
  );
  return { transactions: Number(row.transactions), rowsWritten: Number(row.rows_written) };
}

async function cpuNow(store: ChildProcess[], fixture: StoreFixture): Promise<{ store: Map<number, number>; api: Map<number, number>; database: Map<number, number> }> {
  const backends: Array<{ pid: number }> = await fixture.dataSource.query('SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()');
  return { store: cpuOf(store.map((child) => child.pid!)), api: cpuOf([store[store.length - 1].pid!]), database: cpuOf(backends.map((backend) => backend.pid)) };
}

const perOrder = (ms: number, orders: number, measured: boolean) => (measured && orders > 0 ? Math.round((ms / orders) * 1000) / 1000 : null);

/** A built entry point of the store, its output kept (the last 4,000 characters) for the error when it fails. */
interface StoreChild {
  child: ChildProcess;
  output: () => string;
  exited: () => number | null | undefined;
}

/** The V8 flags the measured store is shipped with (its scripts/node-flags.mjs; none for a store older than that file). */
async function storeNodeFlags(): Promise<string[]> {
  const file = join(ROOT, 'scripts', 'node-flags.mjs');
  if (!existsSync(file)) return [];
  const { STORE_NODE_FLAGS } = (await import(pathToFileURL(file).href)) as { STORE_NODE_FLAGS: readonly string[] };
  return [...STORE_NODE_FLAGS];
}

function spawnStore(file: 'main.js' | 'worker.js', env: Record<string, string>, flags: string[]): StoreChild {
  // BENCH_PROFILE=<folder>: each store process writes a V8 CPU profile there when it stops (open it in Chrome's DevTools).
  const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${resolve(process.env.BENCH_PROFILE)}`] : [];
  const child = spawn(process.execPath, [...flags, ...profile, `dist/server/${file}`], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  let exited: number | null | undefined;
  child.stdout!.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
  child.stderr!.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
  child.on('exit', (code) => (exited = code));
  return { child, output: () => output, exited: () => exited };
}

/** Polls `ready` until it holds, or fails with the process's output when it exits first or after 180 s. */
async function waitUntil(store: StoreChild, what: string, ready: () => Promise<boolean>): Promise<void> {
  for (let waited = 0; waited < 180_000; waited += 250) {
    if (store.exited() !== undefined) throw new Error(`the ${what} exited with ${store.exited()}:\n${store.output()}`);
    if (await ready().catch(() => false)) return;
    await new Promise((resolveWait) => setTimeout(resolveWait, 250));
  }
  throw new Error(`the ${what} was not ready within 180 s:\n${store.output()}`);
}

/**
 * Starts the store as `npm start` and production run it (issue 28): the worker first (migrations, the demo seed,
 * projections, SMS and mail, order expiry), on its own health port, then the API with PROJECTIONS=off and
 * MAIL_WORKER=off, so the request thread does only requests. Resolves once both answer their health checks.
 */
async function startStore(port: number, env: Record<string, string>, flags: string[]): Promise<ChildProcess[]> {
  if (ONE_PROCESS) {
    const store = spawnStore('main.js', { ...env, PORT: String(port) }, flags);
    try {
      await waitUntil(store, 'store', async () => (await fetch(`http://127.0.0.1:${port}/api/health`)).ok);
    } catch (error) {
      store.child.kill('SIGTERM');
      throw error;
    }
    return [store.child];
  }
  const workerPort = await findFreePort();
  const worker = spawnStore('worker.js', { ...env, WORKER_PORT: String(workerPort), WORKER_HOST: '127.0.0.1' }, flags);
  const started: ChildProcess[] = [worker.child];
  try {
    await waitUntil(worker, 'worker', async () => (await fetch(`http://127.0.0.1:${workerPort}/health/ready`)).ok);
    const api = spawnStore('main.js', { ...env, PORT: String(port), PROJECTIONS: 'off', MAIL_WORKER: 'off' }, flags);
    started.push(api.child);
    await waitUntil(api, 'API', async () => (await fetch(`http://127.0.0.1:${port}/api/health`)).ok);
    return started;
  } catch (error) {
    for (const child of started) child.kill('SIGTERM');
    throw error;
  }
}

/** Checkouts sent so far over all runs: each gets a phone of its own, so no phone reaches its open-order limit. */
let sequence = 0;

async function load(port: number, scenario: Scenario, seconds: number, deliveryTaka: number, measure?: { store: ChildProcess[]; fixture: StoreFixture }): Promise<Outcome> {
  let connections = 0;
  const cpuBefore = measure ? await cpuNow(measure.store, measure.fixture) : null;
  const workBefore = measure ? await databaseWork(measure.fixture) : null;
  const run = `${process.pid}-${Date.now()}`;
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        path: '/api/public/confirm-order',
        setupRequest: (request, context) => {
          const state = context as { sku?: Sku };
          state.sku ??= scenario.skuFor(connections++);
          const n = sequence++;
          const phone = `017${String(n % 100_000_000).padStart(8, '0')}`;
          const client = PER_ADDRESS > 0 ? Math.floor(n / PER_ADDRESS) : 0;
          const address = PER_ADDRESS > 0 ? { 'x-forwarded-for': `10.${(client >> 16) & 255}.${(client >> 8) & 255}.${client & 255}` } : {};
          return {
            ...request,
            headers: { 'content-type': 'application/json', 'idempotency-key': `${run}-${n}`, ...address },
            body: JSON.stringify({
              cart: [{ id: state.sku.productId, size: state.sku.size, qty: 1 }],
              coupon: null,
              couponoffer: null,
              data: { name: `Bench Buyer ${n}`, phone, address: 'Road 7, Dhanmondi, Dhaka', shipping_phone: phone, devliery_charge: deliveryTaka, paymentMethod: 'cash' },
            }),
          };
        },
      },
    ],
  });
  const orders = result['2xx'];
  // The work an order leaves behind (projections, SMS) is part of its cost: read the CPU once it has had time to run.
  if (measure) await new Promise((resolveWait) => setTimeout(resolveWait, SETTLE_MS));
  const cpuAfter = measure ? await cpuNow(measure.store, measure.fixture) : null;
  const workAfter = measure ? await databaseWork(measure.fixture) : null;
  const per = (value: number) => Math.round((value / Math.max(1, orders)) * 10) / 10;
  return {
    orders,
    ordersPerSecond: Math.round(orders / (result.duration || seconds)),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    storeCpuMsPerOrder: perOrder(cpuBefore && cpuAfter ? cpuBetween(cpuBefore.store, cpuAfter.store) : 0, orders, Boolean(cpuAfter?.store.size)),
    databaseWorkPerOrder:
      workBefore && workAfter
        ? { transactions: per(workAfter.transactions - workBefore.transactions), rowsWritten: per(workAfter.rowsWritten - workBefore.rowsWritten) }
        : null,
    apiCpuMsPerOrder: perOrder(cpuBefore && cpuAfter ? cpuBetween(cpuBefore.api, cpuAfter.api) : 0, orders, Boolean(cpuAfter?.api.size)),
    databaseCpuMsPerOrder: perOrder(cpuBefore && cpuAfter ? cpuBetween(cpuBefore.database, cpuAfter.database) : 0, orders, Boolean(cpuAfter?.database.size)),
  };
}

/** Units sold beyond what a SKU had: how far below zero its stream says it went, plus any sale not backed by a reservation. */
async function oversold(fixture: StoreFixture, skus: Sku[], before: Map<string, number>, orders: number): Promise<{ oversoldUnits: number; reservedUnits: number }> {
  let oversoldUnits = 0;
  let reservedUnits = 0;
  for (const sku of skus) {
    const available = await availableStock(fixture, sku.productId, sku.size);
    if (available < 0) oversoldUnits += -available;
    reservedUnits += before.get(`${sku.productId}/${sku.size}`)! - available;
  }
  // Every order is one unit: an order without its reservation would be an oversale too.
  return { oversoldUnits: oversoldUnits + Math.max(0, orders - reservedUnits), reservedUnits };
}

async function main(): Promise<void> {
  const database = await freshDatabase('bench_checkout');
  // Queues on a Redis of the run's own (a private redis-server, empty, like the fresh database; a relay to
  // REDIS_URL only when there is no redis-server): a shared Redis keeps the jobs an earlier run's store left
  // behind (for events of a database that is gone), and this run's store would work them off.
  let redis: TestRedis | undefined;
  if (process.env.REDIS_URL || hasRedisServerBinary()) redis = await provideRedis();
  let store: ChildProcess[] | undefined;
  let fixture: StoreFixture | undefined;
  try {
    const port = await findFreePort();
    const nodeFlags = await storeNodeFlags();
    process.stdout.write('starting the store (worker, then API) with the demo catalog...\n');
    store = await startStore(port, {
      DATABASE_URL: database.url,
      ...(redis ? { REDIS_URL: redis.url } : {}),
      ...benchProductionEnv(`http://127.0.0.1:${port}`, { demo: true }),
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      DATA_DIR: '.data/bench-checkout',
      ...(PER_ADDRESS > 0 ? { TRUST_PROXY: 'loopback' } : { CHECKOUT_LIMIT_PER_IP_HOUR: '0', CHECKOUT_UNITS_PER_IP_HOUR: '0' }),
    }, nodeFlags);
    fixture = await openStoreFixture(database.url);
    const products = await catalogProducts(fixture);
    const deliveryTaka = (await deliveryCharges(fixture)).insidePaisa / 100;
    const distinct: Sku[] = Array.from({ length: CONNECTIONS }, (_, index) => {
      const product = products[index % products.length];
      return { productId: product.id, size: product.sizes[Math.floor(index / products.length) % product.sizes.length] };
    });
    const hot: Sku = { productId: products[0].id, size: products[0].sizes[1] };
    const skus = [...distinct, hot];
    process.stdout.write(`giving ${skus.length} SKUs ${STOCK_PER_SKU} units each...\n`);
    for (const sku of skus) await setAvailableStock(fixture, sku.productId, sku.size, STOCK_PER_SKU);

    const scenarios: Scenario[] = [
      { name: `${CONNECTIONS} clients on ${CONNECTIONS} distinct SKUs`, bar: { ordersPerSecond: 400, p99Ms: 250 }, skuFor: (connection) => distinct[connection % distinct.length] },
      { name: `${CONNECTIONS} clients on one hot SKU`, bar: { ordersPerSecond: 150, p99Ms: 250 }, skuFor: () => hot },
    ];
    await load(port, scenarios[0], 2, deliveryTaka); // warm-up: JIT, pools, fold caches

    const results = [];
    for (const scenario of scenarios) {
      const scenarioSkus = scenario === scenarios[0] ? distinct : [hot];
      const runs = [];
      for (let run = 0; run < RUNS; run++) {
        const before = new Map<string, number>();
        for (const sku of scenarioSkus) before.set(`${sku.productId}/${sku.size}`, await availableStock(fixture, sku.productId, sku.size));
        const outcome = await load(port, scenario, SECONDS, deliveryTaka, { store, fixture });
        const stock = await oversold(fixture, scenarioSkus, before, outcome.orders);
        runs.push({ ...outcome, ...stock });
        process.stdout.write(
          `${scenario.name.padEnd(36)} run ${run + 1}: ${String(outcome.ordersPerSecond).padStart(5)} orders/s  p50 ${outcome.p50Ms} ms  p99 ${outcome.p99Ms} ms  ` +
            `orders ${outcome.orders}  reserved ${stock.reservedUnits}  oversold ${stock.oversoldUnits}  non-2xx ${outcome.non2xx}  errors ${outcome.errors}  ` +
            `CPU per order: store ${outcome.storeCpuMsPerOrder ?? '?'} ms (API ${outcome.apiCpuMsPerOrder ?? '?'} ms), database ${outcome.databaseCpuMsPerOrder ?? '?'} ms, ${outcome.databaseWorkPerOrder?.transactions ?? '?'} transactions and ${outcome.databaseWorkPerOrder?.rowsWritten ?? '?'} rows written\n`,
        );
      }
      const median = [...runs].sort((a, b) => a.ordersPerSecond - b.ordersPerSecond)[Math.floor(runs.length / 2)];
      const pass =
        median.ordersPerSecond >= scenario.bar.ordersPerSecond &&
        median.p99Ms < scenario.bar.p99Ms &&
        runs.every((run) => run.oversoldUnits === 0 && run.non2xx === 0 && run.errors === 0);
      results.push({ scenario: scenario.name, median, runs, bar: { ...scenario.bar, oversoldUnits: 0 }, pass });
      process.stdout.write(
        `${scenario.name.padEnd(36)} median: ${median.ordersPerSecond} orders/s  p50 ${median.p50Ms} ms  p99 ${median.p99Ms} ms  ` +
          `oversold (all runs) ${runs.reduce((sum, run) => sum + run.oversoldUnits, 0)}  ${pass ? 'PASS' : 'FAIL'}\n`,
      );
    }
    writeResults(RESULTS_FILE, {
      date: new Date().toISOString(),
      machine: machine(database.serverVersion),
      load: {
        connections: CONNECTIONS,
        secondsPerRun: SECONDS,
        runsPerScenario: RUNS,
        judged: 'median run by orders/s; oversold and errors over all runs',
        tool: 'autocannon',
        request: 'POST /api/public/confirm-order, 1 line of 1 unit, own Idempotency-Key',
        clients: PER_ADDRESS > 0 ? `${PER_ADDRESS} checkouts per client address (X-Forwarded-For), per-address limits at the settings' defaults` : 'all from 127.0.0.1, per-address limits off',
      },
      store: {
        root: ROOT === resolve(__dirname, '../..') ? 'this checkout' : ROOT,
        processes: ONE_PROCESS ? 'one (API, projections, messages, timers)' : 'worker + API (PROJECTIONS=off, MAIL_WORKER=off)',
        nodeFlags,
      },
      queues: redis ? `BullMQ on Redis (${redis.kind})` : 'in-process (no Redis)',
      note: 'The load generator runs on the same machine as the store and PostgreSQL, and competes with them (and with whatever else runs there) for its two cores.',
      results,
    });
    if (results.some((result) => !result.pass)) process.exitCode = 1;
  } finally {
    await fixture?.close();
    // The API first (it stops taking requests), then the worker, as `npm start` stops them.
    for (const child of [...(store ?? [])].reverse()) {
      if (child.exitCode !== null) continue;
      const exited = new Promise((resolveExit) => child.once('exit', resolveExit));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolveWait) => setTimeout(resolveWait, 15_000))]);
    }
    await database.dispose();
    await redis?.close();
  }
}

runBenchmark(main, () => (process.exitCode ?? 0) !== 0);
