import { setupEventStore, stockChanged, StockLevelProjection, testMetadata, type EventStoreFixture } from '../../test/support/event-store-fixtures';
import { ProjectionRegistry } from './projection-registry';
import { RebuildProgress } from './projection-rebuilder';
import { ProjectionRunner } from './projection-runner';
import { hashTable } from './table-hash';

const quiet = { log: () => undefined, warn: () => undefined, error: () => undefined };
const SKUS = 40;

async function appendStock(fixture: EventStoreFixture, appends: number, eventsPerAppend: number, offset = 0): Promise<void> {
  for (let index = 0; index < appends; index += 1) {
    const sku = `sku${(index + offset) % SKUS}`;
    const events = Array.from({ length: eventsPerAppend }, (_, n) => stockChanged(sku, ((index + n) % 7) - 2));
    await fixture.store.append(`sku-${sku}`, 'any', [...events, { type: 'Unrelated', data: {} }], testMetadata());
  }
}

/** The expected read model straight from the log, by SQL: an oracle independent of the projection code. */
async function hashOfExpectedStock(fixture: EventStoreFixture): Promise<string> {
  await fixture.dataSource.query('DROP TABLE IF EXISTS stock_expected');
  await fixture.dataSource.query('CREATE TABLE stock_expected (LIKE stock_levels INCLUDING ALL)');
  await fixture.dataSource.query(
    `INSERT INTO stock_expected (sku, quantity, events, version)
     SELECT data->>'sku', sum((data->>'quantity')::int), count(*), max(stream_position)
       FROM events WHERE type = 'StockChanged' GROUP BY data->>'sku'`,
  );
  return hashTable(fixture.dataSource.manager, 'stock_expected');
}

async function indexNames(fixture: EventStoreFixture): Promise<string[]> {
  const rows: Array<{ indexname: string }> = await fixture.dataSource.query(
    `SELECT indexname FROM pg_indexes WHERE tablename = 'stock_levels' ORDER BY indexname`,
  );
  return rows.map((row) => row.indexname);
}

describe('projection rebuild', () => {
  let fixture: EventStoreFixture;
  let runner: ProjectionRunner;

  beforeEach(async () => {
    fixture = await setupEventStore('projection_rebuild');
    await StockLevelProjection.createTable(fixture.dataSource);
    const registry = new ProjectionRegistry();
    registry.register(new StockLevelProjection());
    runner = new ProjectionRunner(fixture.dataSource, registry, { pollIntervalMs: 50, rebuildBatchSize: 500, logger: quiet });
  });

  afterEach(async () => {
    await runner.stop();
    await fixture.close();
  });

  it('rebuilds while appends continue into tables equal to the log, and the live table keeps answering', async () => {
    await appendStock(fixture, 400, 10);
    await runner.start();
    await runner.waitUntilCaughtUp(10_000);
    const namesBefore = await indexNames(fixture);

    let rebuilding = true;
    const liveAnswers: number[] = [];
    const reader = (async () => {
      while (rebuilding) {
        const [{ count }] = await fixture.dataSource.query('SELECT count(*)::int AS count FROM stock_levels');
        liveAnswers.push(count);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    const writer = (async () => {
      let round = 0;
      while (rebuilding) await appendStock(fixture, 5, 3, (round += 1));
    })();
    const progress: RebuildProgress[] = [];
    const result = await runner.rebuild('stock-levels', { onProgress: (step) => progress.push(step) });
    rebuilding = false;
    await Promise.all([reader, writer]);
    await runner.waitUntilCaughtUp(10_000);

    expect(await hashTable(fixture.dataSource.manager, 'stock_levels')).toBe(await hashOfExpectedStock(fixture));
    expect(liveAnswers.length).toBeGreaterThan(0);
    expect(liveAnswers.every((count) => count === SKUS)).toBe(true);
    expect(result.processed).toBeGreaterThanOrEqual(4_000);
    expect(progress.map((step) => step.processed)).toEqual([...progress.map((step) => step.processed)].sort((a, b) => a - b));
    expect(progress[progress.length - 1]).toMatchObject({ phase: 'swapped', processed: result.processed });
    expect(await indexNames(fixture)).toEqual(namesBefore);
    const [status] = await runner.status();
    expect(status).toMatchObject({ rebuild: null, lagEvents: 0 });
  });

  it('rebuilds a projection whose runner is not running, resuming it from where the copy ended', async () => {
    await appendStock(fixture, 50, 4);

    await runner.rebuildAll();
    await appendStock(fixture, 20, 2);
    await runner.start();
    await runner.waitUntilCaughtUp(10_000);

    expect(await hashTable(fixture.dataSource.manager, 'stock_levels')).toBe(await hashOfExpectedStock(fixture));
  });

  it('leaves the serving table untouched and removes its copy when the rebuild fails', async () => {
    await appendStock(fixture, 30, 2);
    await runner.start();
    await runner.waitUntilCaughtUp(10_000);
    const before = await hashTable(fixture.dataSource.manager, 'stock_levels');
    const registry = new ProjectionRegistry();
    const failing = new StockLevelProjection();
    failing.apply = async () => {
      throw new Error('cannot rebuild');
    };
    registry.register(failing);
    const failingRunner = new ProjectionRunner(fixture.dataSource, registry, { logger: quiet });

    await expect(failingRunner.rebuild('stock-levels')).rejects.toThrow('cannot rebuild');

    expect(await hashTable(fixture.dataSource.manager, 'stock_levels')).toBe(before);
    const [{ copy }] = await fixture.dataSource.query(`SELECT to_regclass('stock_levels__rebuild') AS copy`);
    expect(copy).toBeNull();
    const [status] = await runner.status();
    expect(status.rebuild).toBeNull();
  });
});
