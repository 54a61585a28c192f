import { DataSource, DataSourceOptions } from 'typeorm';
import { DatabaseLogger, PoolErrorReporter } from './database-logger';
import { migrations } from './migrations';

export interface DatabaseOptions {
  url: string;
  /** Pool size per process. */
  poolSize?: number;
  applicationName?: string;
}

/**
 * The one way the server, the worker, scripts and tests reach PostgreSQL. Migrations run explicitly
 * (`runMigrations`), never `synchronize`.
 */
export function dataSourceOptions(options: DatabaseOptions): DataSourceOptions {
  return {
    type: 'postgres',
    url: options.url,
    migrations,
    migrationsTableName: 'schema_migrations',
    migrationsTransactionMode: 'each',
    synchronize: false,
    logging: ['error', 'warn', 'migration'],
    logger: new DatabaseLogger(),
    // When PostgreSQL goes away every idle pooled connection raises an error at once: one line per outage.
    poolErrorHandler: new PoolErrorReporter().report,
    extra: {
      max: options.poolSize ?? 20,
      application_name: options.applicationName ?? 'store',
      // A session left idle inside a transaction would hold back the safe global order of every projection.
      // random_page_cost 1.1 instead of PostgreSQL's 4 (made for spinning disks): the store's tables live in memory
      // or on SSD, and at 4 the planner hashed a whole table (the log, the SMS deliveries) to look up the hundred
      // keys of a batch, a cost that grows with the table (ADR 045, fourth step; the README's PostgreSQL requirements).
      options: '-c idle_in_transaction_session_timeout=30000 -c random_page_cost=1.1',
      connectionTimeoutMillis: 5_000,
    },
  };
}

export async function openDatabase(options: DatabaseOptions): Promise<DataSource> {
  const dataSource = new DataSource(dataSourceOptions(options));
  await dataSource.initialize();
  await dataSource.runMigrations({ transaction: 'each' });
  return dataSource;
}
