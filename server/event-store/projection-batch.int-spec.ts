import type { DataSource, QueryRunner } from 'typeorm';
import { setupEventStore, StockLevelProjection, stockChanged, testMetadata, type EventStoreFixture } from '../../test/support/event-store-fixtures';
import type { GlobalCheckpoint } from './event-store.types';
import { readCommittedHead, readSafeHead } from './global-order';
import { runProjectionBatch } from './projection-batch';
import { ensureCheckpoints, readCheckpoint } from './projection-checkpoints';
import { tryLockProjection } from './projection-lock';
import { ProjectionRegistry } from './projection-registry';
import { ProjectionRunner } from './projection-runner';

const quiet = { log: () => undefined, warn: () => undefined, error: () => undefined };

/** Every statement the data source sends from now on, through any of its query runners. */
function recordStatements(dataSource: DataSource): { statements: string[]; restore: () => void } {
  const statements: string[] = [];
  const original = dataSource.createQueryRunner.bind(dataSource);
  const spy = jest.spyOn(dataSource, 'createQueryRunner').mockImplementation((mode) => {
    const runner: QueryRunner = original(mode);
    const query = runner.query.bind(runner);
    runner.query = ((sql: string, parameters?: unknown[], structured?: boolean) => {
      statements.push(sql.replace(/\s+/g, ' ').trim());
      return query(sql, parameters, structured as never);
    }) as QueryRunner['query'];
    return runner;
  });
  return { statements, restore: () => spy.mockRestore() };
}

/**
 * Waits until every committed event is safe to read, and returns that head. The safe head follows the oldest
 * transaction in flight in the whole cluster, which other tests' databases share.
 */
async function settledHead(dataSource: DataSource): Promise<GlobalCheckpoint> {
  const committed = await readCommittedHead(dataSource.manager);
  for (let waited = 0; waited < 10_000; waited += 20) {
    const safe = await readSafeHead(dataSource.manager);
    if (safe && committed && safe.transactionId === committed.transactionId && safe.position === committed.position) return safe;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the safe head did not reach the committed head in 10 s');
}

function otherEvent(index: number) {
  return { type: 'PageViewed', data: { page: index } };
}

describe('a live projection batch', () => {
  let fixture: EventStoreFixture;
  let projection: StockLevelProjection;

  beforeEach(async () => {
    fixture = await setupEventStore('projection_batch');
    await StockLevelProjection.createTable(fixture.dataSource);
    projection = new StockLevelProjection();
    await ensureCheckpoints(fixture.dataSource.manager, [projection.name]);
  });

  afterEach(async () => {
    jest.restoreAllMocks();
    await fixture.close();
  });

  it('past events it does not handle opens no transaction: one read and one checkpoint write', async () => {
    for (let index = 0; index < 5; index += 1) await fixture.store.append(`page-${index}`, 'any', [otherEvent(index)], testMetadata());
    const head = await settledHead(fixture.dataSource);

    const recorder = recordStatements(fixture.dataSource);
    const outcome = await runProjectionBatch(fixture.dataSource, projection, 1_000);
    recorder.restore();

    expect(outcome).toBe('idle');
    expect(await readCheckpoint(fixture.dataSource.manager, projection.name)).toEqual(head);
    expect(recorder.statements).toHaveLength(2);
    expect(recorder.statements.filter((sql) => /^(START TRANSACTION|BEGIN|COMMIT)/i.test(sql))).toEqual([]);
    expect(recorder.statements.filter((sql) => sql.includes('stock_levels'))).toEqual([]);
    expect(await fixture.dataSource.query('SELECT * FROM stock_levels')).toEqual([]);
  });

  it('with nothing new reads once and writes nothing', async () => {
    await fixture.store.append('page-1', 'any', [otherEvent(1)], testMetadata());
    await settledHead(fixture.dataSource);
    await runProjectionBatch(fixture.dataSource, projection, 1_000);

    const recorder = recordStatements(fixture.dataSource);
    expect(await runProjectionBatch(fixture.dataSource, projection, 1_000)).toBe('idle');
    recorder.restore();

    expect(recorder.statements).toHaveLength(1);
    expect(recorder.statements[0]).toMatch(/^SELECT/);
  });

  it('applies the events it handles among those it ignores, once, and ends at the head', async () => {
    await fixture.store.append('page-1', 'any', [otherEvent(1)], testMetadata());
    await fixture.store.append('sku-a', 'any', [stockChanged('a', 3)], testMetadata());
    await fixture.store.append('page-2', 'any', [otherEvent(2)], testMetadata());
    await fixture.store.append('sku-a', 'any', [stockChanged('a', 2)], testMetadata());
    await fixture.store.append('page-3', 'any', [otherEvent(3)], testMetadata());
    const head = await settledHead(fixture.dataSource);

    expect(await runProjectionBatch(fixture.dataSource, projection, 1_000)).toBe('idle');

    expect(await fixture.dataSource.query('SELECT sku, quantity, events FROM stock_levels')).toEqual([{ sku: 'a', quantity: 5, events: 2 }]);
    expect(await readCheckpoint(fixture.dataSource.manager, projection.name)).toEqual(head);
  });

  it('does not move the checkpoint past ignored events while another holds the projection (a batch or a swap)', async () => {
    await fixture.store.append('page-1', 'any', [otherEvent(1)], testMetadata());
    const head = await settledHead(fixture.dataSource);
    const before = await readCheckpoint(fixture.dataSource.manager, projection.name);
    const holder = fixture.dataSource.createQueryRunner();
    await holder.connect();
    try {
      await holder.startTransaction();
      expect(await tryLockProjection(holder.manager, projection.name)).toBe(true);

      expect(await runProjectionBatch(fixture.dataSource, projection, 1_000)).toBe('idle');
      expect(await readCheckpoint(fixture.dataSource.manager, projection.name)).toEqual(before);
    } finally {
      await holder.rollbackTransaction();
      await holder.release();
    }
    await runProjectionBatch(fixture.dataSource, projection, 1_000);
    expect(await readCheckpoint(fixture.dataSource.manager, projection.name)).toEqual(head);
  });
});

describe('the projection runner on an append', () => {
  let fixture: EventStoreFixture;
  let runner: ProjectionRunner | undefined;

  beforeEach(async () => {
    fixture = await setupEventStore('projection_wake');
  });

  afterEach(async () => {
    await runner?.stop();
    runner = undefined;
    await fixture.close();
  });

  it('wakes only the projections that handle its event types, and reports no lag for events a projection ignores', async () => {
    await StockLevelProjection.createTable(fixture.dataSource);
    const stock = new StockLevelProjection('stock');
    const pages = { name: 'pages', tables: [] as string[], eventTypes: ['PageViewed'], apply: jest.fn(async () => undefined) };
    const registry = new ProjectionRegistry();
    registry.register(stock);
    registry.register(pages);
    // A poll far beyond the test: only notifications (and waitUntilCaughtUp) move a projection here; no
    // spacing between batches, so no batch asked for before the append runs after it.
    runner = new ProjectionRunner(fixture.dataSource, registry, { pollIntervalMs: 60_000, minBatchIntervalMs: 0, logger: quiet });
    await runner.start();
    await runner.waitUntilCaughtUp(10_000);
    // The subscriptions are the runner's own; their wakes are what an append must target.
    const subscriptions = (runner as unknown as { subscriptions: Map<string, { wake(): void; interruptSleep: (() => void) | null }> }).subscriptions;
    // Both asleep for their (60 s) poll: a batch that waitUntilCaughtUp's wake-up asked for has run by then, so
    // from here only an append's wake-up can start one (on a busy machine that batch may still be on its way).
    for (const deadline = Date.now() + 10_000; [...subscriptions.values()].some((each) => each.interruptSleep === null) && Date.now() < deadline; ) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const stockWakes = jest.spyOn(subscriptions.get('stock')!, 'wake');
    const pagesWakes = jest.spyOn(subscriptions.get('pages')!, 'wake');
    const pagesBefore = await readCheckpoint(fixture.dataSource.manager, 'pages');

    await fixture.store.append('sku-a', 'any', [stockChanged('a', 4)], testMetadata());
    for (let waited = 0; stockWakes.mock.calls.length === 0 && waited < 10_000; waited += 20) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await new Promise((resolve) => setTimeout(resolve, 100));

    expect(stockWakes).toHaveBeenCalledTimes(1);
    expect(pagesWakes).not.toHaveBeenCalled();
    expect(await readCheckpoint(fixture.dataSource.manager, 'pages')).toEqual(pagesBefore);
    const statuses = await runner.status();
    expect(statuses.find((status) => status.name === 'pages')).toMatchObject({ lagEvents: 0, lagSeconds: 0 });

    await fixture.store.append('page-1', 'any', [otherEvent(1)], testMetadata());
    await settledHead(fixture.dataSource);
    await runner.waitUntilCaughtUp(10_000);
    expect(pages.apply).toHaveBeenCalledTimes(1);
    expect(await fixture.dataSource.query('SELECT sku, quantity FROM stock_levels')).toEqual([{ sku: 'a', quantity: 4 }]);
  });
});
