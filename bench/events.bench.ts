import type { DataSource } from 'typeorm';
import { openDatabase } from '../server/database/data-source';
import { freshDatabase } from './support/fresh-database';
import { machine } from './support/machine';
import { runBenchmark, resultsFile, writeResults } from './support/results';
import { EventStore } from '../server/event-store/event-store';
import type { EventMetadata, NewEvent, RecordedEvent } from '../server/event-store/event-store.types';
import type { Projection, ProjectionContext } from '../server/event-store/projection';
import { ProjectionRegistry } from '../server/event-store/projection-registry';
import { ProjectionRunner } from '../server/event-store/projection-runner';

/**
 * Write and rebuild throughput of the event store on a fresh database: 200,000 stock events appended in
 * batches, single-event appends as commands make them, then a rebuild of a stock-per-SKU projection over
 * all of it. Bars: appends >= 5,000 events/s, rebuild >= 30,000 events/s.
 */
const TOTAL_EVENTS = 200_000;
const EVENTS_PER_APPEND = 100;
const APPEND_WORKERS = 4;
const SINGLE_APPENDS = 4_000;
const SINGLE_WORKERS = 8;
const PRODUCTS = 250;
const SIZES = ['S', 'M', 'L', 'XL', 'XXL', '3XL', '4XL', '5XL'];
const RESULTS_FILE = resultsFile('events.json');

const metadata: EventMetadata = { correlationId: 'bench', causationId: null, actor: { id: 'bench', role: 'system' } };

interface StockData {
  productId: number;
  size: string;
  quantity: number;
}

/** Units available and reserved per product and size, as the shop listing needs them. */
class StockPerSkuProjection implements Projection {
  readonly name = 'bench-stock-per-sku';
  readonly tables = ['bench_sku_stock'];
  readonly eventTypes = ['StockReceived', 'StockReserved', 'StockReleased'];

  async apply(events: RecordedEvent[], { manager, table }: ProjectionContext): Promise<void> {
    const deltas = new Map<string, { productId: number; size: string; available: number; reserved: number; version: number }>();
    for (const event of events) {
      const data = event.data as StockData;
      const key = `${data.productId}/${data.size}`;
      const row = deltas.get(key) ?? { productId: data.productId, size: data.size, available: 0, reserved: 0, version: 0 };
      if (event.type === 'StockReceived') row.available += data.quantity;
      if (event.type === 'StockReserved') {
        row.available -= data.quantity;
        row.reserved += data.quantity;
      }
      if (event.type === 'StockReleased') {
        row.available += data.quantity;
        row.reserved -= data.quantity;
      }
      row.version = event.streamPosition;
      deltas.set(key, row);
    }
    const rows = [...deltas.values()];
    await manager.query(
      `INSERT INTO ${table('bench_sku_stock')} AS s (product_id, size, available, reserved, version)
       SELECT * FROM unnest($1::int[], $2::text[], $3::int[], $4::int[], $5::int[])
       ON CONFLICT (product_id, size) DO UPDATE
         SET available = s.available + EXCLUDED.available, reserved = s.reserved + EXCLUDED.reserved, version = EXCLUDED.version`,
      [rows.map((r) => r.productId), rows.map((r) => r.size), rows.map((r) => r.available), rows.map((r) => r.reserved), rows.map((r) => r.version)],
    );
  }
}

function stockEvent(productId: number, size: string, n: number): NewEvent<string, StockData> {
  const kind = n % 10 === 0 ? 'StockReceived' : n % 3 === 0 ? 'StockReleased' : 'StockReserved';
  return { type: kind, data: { productId, size, quantity: kind === 'StockReceived' ? 50 : 1 } };
}

function skuOf(index: number): { productId: number; size: string; streamId: string } {
  const productId = (index % PRODUCTS) + 1;
  const size = SIZES[Math.floor(index / PRODUCTS) % SIZES.length];
  return { productId, size, streamId: `sku-${productId}-${size}` };
}

/** Batched appends: each worker owns a slice of the SKU streams and tracks their versions. */
async function appendInBatches(store: EventStore): Promise<{ seconds: number; eventsPerSecond: number }> {
  const appends = TOTAL_EVENTS / EVENTS_PER_APPEND;
  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: APPEND_WORKERS }, async (_, worker) => {
      const versions = new Map<string, number>();
      for (let index = worker; index < appends; index += APPEND_WORKERS) {
        const sku = skuOf(index);
        const version = versions.get(sku.streamId) ?? 0;
        const events = Array.from({ length: EVENTS_PER_APPEND }, (_, n) => stockEvent(sku.productId, sku.size, version + n));
        const result = await store.append(sku.streamId, version, events, metadata);
        versions.set(sku.streamId, result.streams[0].version);
      }
    }),
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return { seconds: Math.round(seconds * 100) / 100, eventsPerSecond: Math.round(TOTAL_EVENTS / seconds) };
}

/** One event per append, as a command handler makes them, with an expected version. */
async function appendOneByOne(store: EventStore): Promise<{ appendsPerSecond: number; p50Ms: number; p99Ms: number }> {
  const latencies: number[] = [];
  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: SINGLE_WORKERS }, async (_, worker) => {
      for (let n = 0; n < SINGLE_APPENDS / SINGLE_WORKERS; n += 1) {
        const streamId = `order-bench-${worker}-${n}`;
        const begin = process.hrtime.bigint();
        await store.append(streamId, 'no-stream', [{ type: 'OrderPlaced', data: { lines: [{ productId: 1, size: 'M', quantity: 1 }] } }], metadata);
        latencies.push(Number(process.hrtime.bigint() - begin) / 1e6);
      }
    }),
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] * 100) / 100;
  return { appendsPerSecond: Math.round(SINGLE_APPENDS / seconds), p50Ms: at(0.5), p99Ms: at(0.99) };
}

async function rebuild(dataSource: DataSource): Promise<{ events: number; seconds: number; eventsPerSecond: number }> {
  await dataSource.query(
    `CREATE TABLE bench_sku_stock (product_id int NOT NULL, size text NOT NULL, available int NOT NULL,
       reserved int NOT NULL, version int NOT NULL, PRIMARY KEY (product_id, size))`,
  );
  const registry = new ProjectionRegistry();
  registry.register(new StockPerSkuProjection());
  const runner = new ProjectionRunner(dataSource, registry);
  let lastReported = 0;
  const result = await runner.rebuild('bench-stock-per-sku', {
    onProgress: ({ processed, target }) => {
      if (processed - lastReported < 50_000) return;
      lastReported = processed;
      process.stdout.write(`  rebuild: ${processed} of ~${target} events\n`);
    },
  });
  const [{ units }] = await dataSource.query('SELECT sum(available + reserved)::int AS units FROM bench_sku_stock');
  process.stdout.write(`  rebuilt stock: ${units} units over the SKUs\n`);
  return { events: result.processed, seconds: result.durationMs / 1000, eventsPerSecond: result.eventsPerSecond };
}

let failed = false;

async function main(): Promise<void> {
  const database = await freshDatabase('bench_events');
  const dataSource = await openDatabase({ url: database.url, poolSize: 10, applicationName: 'bench' });
  try {
    const store = new EventStore(dataSource);
    process.stdout.write(`appending ${TOTAL_EVENTS} events, ${EVENTS_PER_APPEND} per append, ${APPEND_WORKERS} writers...\n`);
    const batched = await appendInBatches(store);
    process.stdout.write(`  ${batched.eventsPerSecond} events/s (${batched.seconds.toFixed(2)} s)\n`);
    process.stdout.write(`appending ${SINGLE_APPENDS} single-event appends, ${SINGLE_WORKERS} writers...\n`);
    const single = await appendOneByOne(store);
    process.stdout.write(`  ${single.appendsPerSecond} appends/s, p50 ${single.p50Ms} ms, p99 ${single.p99Ms} ms\n`);
    process.stdout.write('rebuilding a stock-per-SKU projection over the whole log...\n');
    const rebuilt = await rebuild(dataSource);
    process.stdout.write(`  ${rebuilt.eventsPerSecond} events/s (${rebuilt.events} events in ${rebuilt.seconds.toFixed(2)} s)\n`);

    const report = {
      date: new Date().toISOString(),
      machine: machine(database.serverVersion),
      append: { events: TOTAL_EVENTS, eventsPerAppend: EVENTS_PER_APPEND, writers: APPEND_WORKERS, ...batched, bar: 5_000 },
      singleEventAppends: { appends: SINGLE_APPENDS, writers: SINGLE_WORKERS, ...single },
      rebuild: { ...rebuilt, projection: 'stock per SKU (multi-row upsert)', bar: 30_000 },
    };
    writeResults(RESULTS_FILE, report);
    failed = batched.eventsPerSecond < 5_000 || rebuilt.eventsPerSecond < 30_000;
  } finally {
    await dataSource.destroy();
    await database.dispose();
  }
}

runBenchmark(main, () => failed);
