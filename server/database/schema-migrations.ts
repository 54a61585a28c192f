import type { DataSource } from 'typeorm';

/**
 * Migrations run under one PostgreSQL advisory lock (issue 28): `npm run migrate`, and a development process at
 * its start, apply them one process at a time, however many start together; the others wait for the lock and
 * find nothing left to do. A production process applies none (MIGRATIONS=wait): it waits until the database is
 * migrated, so a deploy runs `npm run migrate` once, then starts the API processes and the worker in any order.
 */
const MIGRATION_LOCK = 0x7465_6562; // "teeb": one number every process of the store agrees on

export type MigrationsOnStart = 'apply' | 'wait';

/** Applies every pending migration under the lock; answers the names applied by this call. */
export async function applyMigrations(dataSource: DataSource): Promise<string[]> {
  const lock = dataSource.createQueryRunner();
  await lock.connect();
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      const applied = await dataSource.runMigrations({ transaction: 'each' });
      return applied.map((migration) => migration.name);
    } finally {
      await lock.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    await lock.release();
  }
}

export class DatabaseNotMigratedError extends Error {
  constructor(waitedSeconds: number) {
    super(`The database still has migrations to apply after ${waitedSeconds} s: run \`npm run migrate\` (with this process's DATABASE_URL), then start the store.`);
    this.name = 'DatabaseNotMigratedError';
  }
}

/**
 * Before a process serves: `apply` runs the pending migrations under the lock; `wait` polls until none is
 * pending (someone runs `npm run migrate`), saying once what it waits for, and gives up after `timeoutSeconds`.
 */
export async function prepareSchema(
  dataSource: DataSource,
  mode: MigrationsOnStart,
  log: (message: string) => void,
  timeoutSeconds = 300,
): Promise<void> {
  if (mode === 'apply') {
    const applied = await applyMigrations(dataSource);
    if (applied.length > 0) log(`applied ${applied.length} migration(s): ${applied.join(', ')}`);
    return;
  }
  const started = Date.now();
  let said = false;
  while (await dataSource.showMigrations()) {
    if (!said) log('waiting for the database to be migrated (`npm run migrate`); this process applies no migration itself');
    said = true;
    if (Date.now() - started > timeoutSeconds * 1000) throw new DatabaseNotMigratedError(timeoutSeconds);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}
