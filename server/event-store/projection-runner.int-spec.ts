import { Client } from 'pg';
import type { DataSource } from 'typeorm';
import { ApplicationLogProjection, setupEventStore, stockChanged, testMetadata, type EventStoreFixture } from '../../test/support/event-store-fixtures';
import type { Projection } from './projection';
import { READ_MODELS_CHANNEL } from './projection-batch';
import { ProjectionRegistry } from './projection-registry';
import { ProjectionRunner, ProjectionRunnerOptions } from './projection-runner';
import type { ProjectionStatus } from './projection-status';

const quiet = { log: () => undefined, warn: () => undefined, error: () => undefined };
const fast: ProjectionRunnerOptions = { pollIntervalMs: 50, retryInitialMs: 20, retryMaxMs: 100, logger: quiet };

async function appendMany(fixture: EventStoreFixture, count: number, streams = 10): Promise<void> {
  for (let index = 0; index < count; index += 1) {
    await fixture.store.append(`sku-${index % streams}`, 'any', [stockChanged(String(index % streams), 1)], testMetadata());
  }
}

async function eventually<T>(read: () => Promise<T>, accept: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (accept(value)) return value;
    if (Date.now() > deadline) throw new Error(`condition not met in ${timeoutMs} ms; last value: ${JSON.stringify(value, (_, v) => (typeof v === 'bigint' ? v.toString() : v))}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

function runnerFor(dataSource: DataSource, projections: Projection[], options: ProjectionRunnerOptions = {}): ProjectionRunner {
  const registry = new ProjectionRegistry();
  for (const projection of projections) registry.register(projection);
  return new ProjectionRunner(dataSource, registry, { ...fast, ...options });
}

function expectEachAppliedOnce(rows: Array<{ applications: number }>, count: number): void {
  expect(rows).toHaveLength(count);
  expect(rows.filter((row) => row.applications !== 1)).toEqual([]);
}

function expectStreamOrder(rows: Array<{ stream_id: string; stream_position: number }>): void {
  const last = new Map<string, number>();
  for (const row of rows) {
    expect(row.stream_position).toBe((last.get(row.stream_id) ?? 0) + 1);
    last.set(row.stream_id, row.stream_position);
  }
}

describe('ProjectionRunner', () => {
  let fixture: EventStoreFixture;
  const runners: ProjectionRunner[] = [];

  beforeEach(async () => {
    fixture = await setupEventStore('projection_runner');
  });

  afterEach(async () => {
    await Promise.all(runners.splice(0).map((runner) => runner.stop()));
    await fixture.close();
  });

  function started(runner: ProjectionRunner): ProjectionRunner {
    runners.push(runner);
    return runner;
  }

  it('applies every event once, each stream in stream-position order, across many batches', async () => {
    const projection = await ApplicationLogProjection.create(fixture.dataSource, 'log');
    const runner = started(runnerFor(fixture.dataSource, [projection], { batchSize: 7 }));
    await runner.start();

    await appendMany(fixture, 120);
    await runner.waitUntilCaughtUp(10_000);

    const rows = await projection.rows(fixture.dataSource);
    expectEachAppliedOnce(rows, 120);
    expectStreamOrder(rows);
  });

  it('resumes from its checkpoint after apply fails mid-batch, with nothing lost or applied twice', async () => {
    await appendMany(fixture, 50);
    const projection = await ApplicationLogProjection.create(fixture.dataSource, 'flaky');
    // Fails after its rows are written, on every try until the test has seen the runner say so (a busy machine
    // must not let the failing state pass unseen between two polls): the rows must roll back with each batch.
    let failures = 0;
    let mended = false;
    projection.afterWrite = async (events) => {
      if (!mended && events.some((event) => event.globalPosition === 23n)) {
        failures += 1;
        throw new Error('read model write failed');
      }
    };
    const runner = started(runnerFor(fixture.dataSource, [projection], { batchSize: 10 }));
    await runner.start();

    const failing = await eventually(() => runner.status(), ([status]) => status.status === 'failing');
    mended = true;
    await runner.waitUntilCaughtUp(10_000);
    expect(failures).toBeGreaterThanOrEqual(1);
    const [healthy] = await runner.status();

    expect(failing[0].lastError).toBe('read model write failed');
    expect(healthy).toMatchObject({ status: 'running', lastError: null, lagEvents: 0 });
    expectEachAppliedOnce(await projection.rows(fixture.dataSource), 50);
  });

  it('resumes after its database connection is killed mid-batch, with nothing lost or applied twice', async () => {
    await appendMany(fixture, 40);
    const projection = await ApplicationLogProjection.create(fixture.dataSource, 'killed');
    let killed = false;
    projection.afterWrite = async (events, context) => {
      if (killed || !events.some((event) => event.globalPosition === 15n)) return;
      killed = true;
      const [{ pid }] = await context.manager.query('SELECT pg_backend_pid() AS pid');
      await fixture.dataSource.query('SELECT pg_terminate_backend($1)', [pid]);
    };
    const runner = started(runnerFor(fixture.dataSource, [projection], { batchSize: 10 }));
    await runner.start();

    await runner.waitUntilCaughtUp(10_000);

    expect(killed).toBe(true);
    expectEachAppliedOnce(await projection.rows(fixture.dataSource), 40);
  });

  it('continues from its checkpoint when a stopped runner is replaced by a new process', async () => {
    const projection = await ApplicationLogProjection.create(fixture.dataSource, 'restart');
    const first = runnerFor(fixture.dataSource, [projection], { batchSize: 5 });
    await first.start();
    await appendMany(fixture, 30);
    await first.waitUntilCaughtUp(10_000);
    await first.stop();

    await appendMany(fixture, 30);
    const otherProcess = await fixture.openProcess();
    const second = started(runnerFor(otherProcess, [new ApplicationLogProjection('restart', 'restart_log')], { batchSize: 5 }));
    await second.start();
    await second.waitUntilCaughtUp(10_000);

    expectEachAppliedOnce(await projection.rows(fixture.dataSource), 60);
  });

  it('applies each event once when two processes run the same projection', async () => {
    const projection = await ApplicationLogProjection.create(fixture.dataSource, 'shared');
    const otherProcess = await fixture.openProcess();
    const a = started(runnerFor(fixture.dataSource, [projection], { batchSize: 3 }));
    const b = started(runnerFor(otherProcess, [new ApplicationLogProjection('shared', 'shared_log')], { batchSize: 3 }));
    await Promise.all([a.start(), b.start()]);

    await Promise.all([appendMany(fixture, 100, 5), appendMany(fixture, 100, 7)]);
    await Promise.all([a.waitUntilCaughtUp(10_000), b.waitUntilCaughtUp(10_000)]);

    const rows = await projection.rows(fixture.dataSource);
    expectEachAppliedOnce(rows, 200);
    // Each process counts what it applied: together exactly the 200 events, nothing twice.
    const applied = await Promise.all([a, b].map(async (runner) => (await runner.status())[0].eventsAppliedByThisProcess));
    expect(applied[0] + applied[1]).toBe(200);
  });

  it('keeps the other projections current while one keeps failing', async () => {
    const healthy = await ApplicationLogProjection.create(fixture.dataSource, 'healthy');
    const broken = await ApplicationLogProjection.create(fixture.dataSource, 'broken');
    broken.beforeWrite = async () => {
      throw new Error('broken projection');
    };
    const runner = started(runnerFor(fixture.dataSource, [healthy, broken]));
    await runner.start();

    await appendMany(fixture, 20);
    const statuses = await eventually(
      () => runner.status(),
      (list) => list.find((s) => s.name === 'healthy')?.lagEvents === 0 && list.find((s) => s.name === 'broken')?.status === 'failing',
    );

    expectEachAppliedOnce(await healthy.rows(fixture.dataSource), 20);
    const byName = new Map(statuses.map((status) => [status.name, status]));
    expect(byName.get('broken')).toMatchObject({ lastError: 'broken projection', lagEvents: 20 });
    expect(byName.get('broken')!.lagSeconds).toBeGreaterThanOrEqual(0);
    await expect(runner.waitUntilCaughtUp(300)).rejects.toThrow(/broken/);
  });

  it('announces on the read-models channel, once committed, that the projection changed its tables', async () => {
    const projection = await ApplicationLogProjection.create(fixture.dataSource, 'announced');
    const listener = new Client({ connectionString: fixture.database.url });
    await listener.connect();
    try {
      await listener.query(`LISTEN ${READ_MODELS_CHANNEL}`);
      const heard = new Promise<string | undefined>((resolve) => listener.once('notification', (message) => resolve(message.payload)));
      const runner = started(runnerFor(fixture.dataSource, [projection]));
      await runner.start();

      await appendMany(fixture, 3);

      expect(await heard).toBe('announced');
    } finally {
      await listener.end();
    }
  });

  it('reports lag in events and seconds before it runs, and none once caught up', async () => {
    const projection = await ApplicationLogProjection.create(fixture.dataSource, 'lagging');
    const runner = started(runnerFor(fixture.dataSource, [projection]));
    await appendMany(fixture, 12);
    await new Promise((resolve) => setTimeout(resolve, 1_100));

    const [before]: ProjectionStatus[] = await runner.status();
    await runner.start();
    await runner.waitUntilCaughtUp(5_000);
    const [after] = await runner.status();

    expect(before).toMatchObject({ name: 'lagging', status: 'idle', lagEvents: 12, rebuild: null });
    expect(before.lagSeconds).toBeGreaterThanOrEqual(1);
    expect(after).toMatchObject({ status: 'running', lagEvents: 0, lagSeconds: 0 });
    expect(after.checkpoint.position).toBe(12n);
  });
});
