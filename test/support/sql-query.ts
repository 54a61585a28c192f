import { Client } from 'pg';

/**
 * One SQL statement on its own short-lived connection, for suites that inspect a store's tables from outside
 * the server (outbox rows, code hashes, sent messages) without keeping a client open across restarts.
 */
export async function query<T = Record<string, unknown>>(url: string, sql: string, parameters: unknown[] = []): Promise<T[]> {
  const db = new Client({ connectionString: url });
  await db.connect();
  try {
    return (await db.query(sql, parameters)).rows as T[];
  } finally {
    await db.end();
  }
}
