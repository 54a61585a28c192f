import type { EntityManager } from 'typeorm';
import { quoteIdentifier } from './projection';

/**
 * A digest of a table's whole content, for "the rebuilt read model equals the live one". Rows are ordered
 * by their own JSON text, so the digest depends on the data only, not on physical order or on a key.
 */
export async function hashTable(manager: EntityManager, table: string): Promise<string> {
  const rows: Array<{ digest: string }> = await manager.query(
    `SELECT md5(coalesce(string_agg(row_json, E'\\n' ORDER BY row_json), '')) AS digest
       FROM (SELECT row_to_json(t)::text AS row_json FROM ${quoteIdentifier(table)} AS t) AS rows`,
  );
  return rows[0].digest;
}
