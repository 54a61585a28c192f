import type { EntityManager } from 'typeorm';
import { quoteIdentifier } from './projection';

/**
 * Table work of a rebuild: empty copies to fill, and the swap of a filled copy for the serving table.
 * `LIKE ... INCLUDING ALL` copies columns, defaults, identity, checks and indexes; PostgreSQL names the
 * copy's indexes after the copy, so the swap renames them back to keep names stable across rebuilds.
 */
export async function createEmptyCopy(manager: EntityManager, table: string, copy: string): Promise<void> {
  await manager.query(`DROP TABLE IF EXISTS ${quoteIdentifier(copy)}`);
  await manager.query(`CREATE TABLE ${quoteIdentifier(copy)} (LIKE ${quoteIdentifier(table)} INCLUDING ALL)`);
}

export async function dropTable(manager: EntityManager, table: string): Promise<void> {
  await manager.query(`DROP TABLE IF EXISTS ${quoteIdentifier(table)}`);
}

/** Replaces `table` by `copy`; runs inside the swap transaction, so readers see either the old or the new. */
export async function swapInCopy(manager: EntityManager, table: string, copy: string): Promise<void> {
  const renames = await pairIndexes(manager, table, copy);
  const old = `${table}__old`;
  await manager.query(`ALTER TABLE ${quoteIdentifier(table)} RENAME TO ${quoteIdentifier(old)}`);
  await manager.query(`ALTER TABLE ${quoteIdentifier(copy)} RENAME TO ${quoteIdentifier(table)}`);
  await manager.query(`DROP TABLE ${quoteIdentifier(old)}`);
  for (const { from, to } of renames) {
    await manager.query(`ALTER INDEX ${quoteIdentifier(from)} RENAME TO ${quoteIdentifier(to)}`);
  }
}

/** Matches each index of the copy with the serving table's index of the same definition. */
async function pairIndexes(manager: EntityManager, table: string, copy: string): Promise<Array<{ from: string; to: string }>> {
  const rows: Array<{ table_name: string; index_name: string; shape: string }> = await manager.query(
    `SELECT t.relname AS table_name, i.relname AS index_name,
            regexp_replace(pg_get_indexdef(i.oid), '^CREATE (UNIQUE )?INDEX \\S+ ON \\S+', 'CREATE \\1INDEX ON') AS shape
       FROM pg_index x
       JOIN pg_class i ON i.oid = x.indexrelid
       JOIN pg_class t ON t.oid = x.indrelid
      WHERE x.indrelid IN (to_regclass($1), to_regclass($2))
      ORDER BY i.oid`,
    [quoteIdentifier(table), quoteIdentifier(copy)],
  );
  const serving = rows.filter((row) => row.table_name === table);
  const copies = rows.filter((row) => row.table_name === copy);
  const renames: Array<{ from: string; to: string }> = [];
  for (const index of copies) {
    const match = serving.findIndex((candidate) => candidate.shape === index.shape);
    if (match < 0 || serving[match].index_name === index.index_name) continue;
    renames.push({ from: index.index_name, to: serving[match].index_name });
    serving.splice(match, 1);
  }
  return renames;
}
