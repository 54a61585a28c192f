import type { DataSource } from 'typeorm';
import { openDatabase } from '../../server/database/data-source';
import { EventStore } from '../../server/event-store/event-store';
import type { EventMetadata, NewEvent, RecordedEvent } from '../../server/event-store/event-store.types';
import type { Projection, ProjectionContext } from '../../server/event-store/projection';
import { createTestDatabase, TestDatabase } from './test-database';

/** A fresh database with the schema, and an event store on it. `close()` drops it all. */
export interface EventStoreFixture {
  database: TestDatabase;
  dataSource: DataSource;
  store: EventStore;
  /** Another connection pool to the same database, standing in for a second server process. */
  openProcess(): Promise<DataSource>;
  close(): Promise<void>;
}

export async function setupEventStore(prefix: string): Promise<EventStoreFixture> {
  const database = await createTestDatabase(prefix);
  const dataSource = await openDatabase({ url: database.url, poolSize: 30 });
  const extra: DataSource[] = [];
  return {
    database,
    dataSource,
    store: new EventStore(dataSource),
    async openProcess() {
      const other = await openDatabase({ url: database.url, poolSize: 10 });
      extra.push(other);
      return other;
    },
    async close() {
      for (const source of [...extra, dataSource]) if (source.isInitialized) await source.destroy();
      await database.drop();
    },
  };
}

export function testMetadata(overrides: Partial<EventMetadata> = {}): EventMetadata {
  return { correlationId: 'corr-1', causationId: null, actor: { id: 'system', role: 'system' }, ...overrides };
}

export interface StockChanged {
  sku: string;
  quantity: number;
}

export function stockChanged(sku: string, quantity: number): NewEvent<'StockChanged', StockChanged> {
  return { type: 'StockChanged', data: { sku, quantity } };
}

/**
 * A projection that counts how often each event is applied (to catch double or lost applies) and records
 * the order it saw them in. `beforeWrite`/`afterWrite` let a test interfere mid-batch.
 */
export class ApplicationLogProjection implements Projection {
  readonly tables: string[];
  readonly applied: RecordedEvent[] = [];
  beforeWrite: (events: RecordedEvent[], context: ProjectionContext) => Promise<void> = async () => undefined;
  afterWrite: (events: RecordedEvent[], context: ProjectionContext) => Promise<void> = async () => undefined;

  constructor(
    readonly name: string,
    private readonly tableName: string,
  ) {
    this.tables = [tableName];
  }

  static async create(dataSource: DataSource, name: string, tableName = `${name.replace(/-/g, '_')}_log`): Promise<ApplicationLogProjection> {
    await dataSource.query(
      `CREATE TABLE "${tableName}" (event_id uuid PRIMARY KEY, stream_id text NOT NULL, stream_position int NOT NULL,
         applications int NOT NULL, applied_order bigint GENERATED ALWAYS AS IDENTITY)`,
    );
    return new ApplicationLogProjection(name, tableName);
  }

  async apply(events: RecordedEvent[], context: ProjectionContext): Promise<void> {
    await this.beforeWrite(events, context);
    await context.manager.query(
      `INSERT INTO ${context.table(this.tableName)} AS t (event_id, stream_id, stream_position, applications)
       SELECT id, stream_id, stream_position, 1 FROM unnest($1::uuid[], $2::text[], $3::int[]) AS e(id, stream_id, stream_position)
       ON CONFLICT (event_id) DO UPDATE SET applications = t.applications + 1`,
      [events.map((event) => event.id), events.map((event) => event.streamId), events.map((event) => event.streamPosition)],
    );
    await this.afterWrite(events, context);
    this.applied.push(...events);
  }

  async rows(dataSource: DataSource): Promise<Array<{ event_id: string; applications: number; stream_id: string; stream_position: number }>> {
    return dataSource.query(`SELECT event_id, applications, stream_id, stream_position FROM "${this.tableName}" ORDER BY applied_order`);
  }
}

/**
 * Stock per SKU, like the shop's listing: sums quantities, counts events, keeps the last stream position.
 * One read and one multi-row upsert per batch, as a real projection must.
 */
export class StockLevelProjection implements Projection {
  readonly tables = ['stock_levels'];
  readonly eventTypes = ['StockChanged'];

  constructor(readonly name = 'stock-levels') {}

  static async createTable(dataSource: DataSource): Promise<void> {
    await dataSource.query(
      `CREATE TABLE stock_levels (sku text PRIMARY KEY, quantity int NOT NULL, events int NOT NULL, version int NOT NULL)`,
    );
    await dataSource.query('CREATE INDEX stock_levels_quantity_idx ON stock_levels (quantity)');
  }

  async apply(events: RecordedEvent[], context: ProjectionContext): Promise<void> {
    const totals = new Map<string, { quantity: number; events: number; version: number }>();
    for (const event of events) {
      const data = event.data as StockChanged;
      const total = totals.get(data.sku) ?? { quantity: 0, events: 0, version: 0 };
      total.quantity += data.quantity;
      total.events += 1;
      total.version = event.streamPosition;
      totals.set(data.sku, total);
    }
    const skus = [...totals.keys()];
    const values = [...totals.values()];
    await context.manager.query(
      `INSERT INTO ${context.table('stock_levels')} AS s (sku, quantity, events, version)
       SELECT * FROM unnest($1::text[], $2::int[], $3::int[], $4::int[])
       ON CONFLICT (sku) DO UPDATE
         SET quantity = s.quantity + EXCLUDED.quantity, events = s.events + EXCLUDED.events, version = EXCLUDED.version`,
      [skus, values.map((v) => v.quantity), values.map((v) => v.events), values.map((v) => v.version)],
    );
  }
}

/**
 * A fresh event store schema for a describe block: set up before all its tests (`'all'`) or before each
 * (`'each'`), handed to `use`, and closed after.
 */
export function useEventStoreFixture(prefix: string, scope: 'all' | 'each', use: (fixture: EventStoreFixture) => void): void {
  let fixture: EventStoreFixture | undefined;
  (scope === 'all' ? beforeAll : beforeEach)(async () => {
    fixture = await setupEventStore(prefix);
    use(fixture);
  });
  (scope === 'all' ? afterAll : afterEach)(async () => {
    await fixture?.close();
  });
}
