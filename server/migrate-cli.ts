import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { runCli } from './cli';
import { parseEnv } from './config/env';
import { prepareRuntime } from './config/runtime';
import { dataSourceOptions } from './database/data-source';
import { applyMigrations } from './database/schema-migrations';

/**
 * `npm run migrate`: applies the pending migrations of DATABASE_URL under the store's migration lock (issue 28),
 * so it is safe beside starting processes, and says which it applied. Run it once per deploy, before or while
 * the API processes and the worker start (with MIGRATIONS=wait they wait for it).
 */
runCli('migrate failed', async () => {
  const runtime = await prepareRuntime(parseEnv(), (message) => process.stdout.write(`${message}\n`));
  const dataSource = new DataSource(dataSourceOptions({ url: runtime.config.databaseUrl, poolSize: 2, applicationName: 'store-migrate' }));
  try {
    await dataSource.initialize();
    const applied = await applyMigrations(dataSource);
    process.stdout.write(applied.length > 0 ? `applied ${applied.length} migration(s):\n${applied.map((name) => `  ${name}\n`).join('')}` : 'the database is up to date: no migration to apply\n');
    return 0;
  } finally {
    if (dataSource.isInitialized) await dataSource.destroy();
    await runtime.stop();
  }
});
