import { Client } from 'pg';
import { migrations } from '../../server/database/migrations';
import { createTestDatabase, migratedTemplate, type TestDatabase } from './test-database';

/** The suites' databases are copies of one migrated template (made once per run): each must be whole and apart. */
describe('test databases copied from the migrated template', () => {
  const databases: TestDatabase[] = [];
  afterAll(async () => {
    for (const database of databases) await database.drop();
  });

  const query = async <T>(url: string, sql: string): Promise<T[]> => {
    const client = new Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query(sql)).rows as T[];
    } finally {
      await client.end();
    }
  };

  it('have every migration applied, and what one suite writes is not in another', async () => {
    const [first, second] = [await createTestDatabase('copy_a'), await createTestDatabase('copy_b')];
    databases.push(first, second);
    for (const database of [first, second]) {
      expect(await query(database.url, 'SELECT count(*)::int AS count FROM schema_migrations')).toEqual([{ count: migrations.length }]);
    }
    await query(first.url, `INSERT INTO seed_runs (name) VALUES ('only-in-a')`);
    expect(await query(second.url, `SELECT name FROM seed_runs WHERE name = 'only-in-a'`)).toEqual([]);
    expect(await migratedTemplate()).toBe(await migratedTemplate());
  });

  it('can still be empty when a suite asks', async () => {
    const empty = await createTestDatabase('empty', { from: 'empty' });
    databases.push(empty);
    expect(await query(empty.url, `SELECT count(*)::int AS count FROM pg_tables WHERE schemaname = 'public'`)).toEqual([{ count: 0 }]);
  });
});
