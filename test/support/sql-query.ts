import { Client } from 'pg';

/**
 * One SQL statement on its own short-lived connection, for suites that inspect a store's tables from outside
 * the server (outbox rows, code hashes, sent messages) without keeping a client open across restarts.
 */
export function query<T = Record<string, unknown>>(url: string, sql: string, parameters: unknown[] = []): Promise<T[]> {
  return withClient(url, async (db) => (await db.query(sql, parameters)).rows as T[]);
}

/** Some work on one short-lived connection of its own, closed whatever the work does. */
export async function withClient<T>(url: string, work: (db: Client) => Promise<T>): Promise<T> {
  const db = new Client({ connectionString: url });
  await db.connect();
  try {
    return await work(db);
  } finally {
    await db.end();
  }
}
