import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { PassThrough } from 'node:stream';
import { createGunzip, createGzip } from 'node:zlib';
import type { DataSource, EntityManager } from 'typeorm';
import { compareCheckpoints, START } from '../../event-store/checkpoint';
import { readCommittedHead, readSafeHead, refreshEventStatistics } from '../../event-store/global-order';
import { ensureCheckpoints, setCheckpoint } from '../../event-store/projection-checkpoints';

/**
 * `npm run backup` / `npm run restore` (ADR 052). A backup is a gzipped file of JSON lines: a header, every
 * event in the log's global order (transaction id, then position) with its position, stream, type, data,
 * metadata and time, then the rows of the few tables that are state rather than read models (below), then a
 * trailer with the counts. Read models are not in it: a restore rebuilds them from the events.
 *
 * Both directions stream: the backup pages through the log in one REPEATABLE READ snapshot (so the events and
 * the state tables agree with each other while the store keeps taking orders), the restore inserts a batch at a
 * time; neither holds the log in memory.
 */
export const BACKUP_FORMAT = 'tee-bazaar-backup';
export const BACKUP_VERSION = 1;

/**
 * Tables that no projection can rebuild, in the order a restore loads them (a referenced row first):
 * - `users`: accounts are state-stored (ADR 022), and password hashes are never in an event;
 * - `personal_data_keys`: the wrapped per-person keys that personal fields in events are sealed with (ADR 053);
 * - `seed_runs`: so a restored store does not seed the demo catalog again;
 * - `lucky_draw_seeds`: the sealed seeds of lucky draws not yet drawn;
 * - `checkout_idempotency`: a shopper's retried checkout still finds its order instead of placing a second.
 * Sign-in links, rate-limit counters, mail envelopes and mail bookkeeping are short-lived and left out: links
 * mailed before the backup stop working after a restore.
 */
export const STATE_TABLES: ReadonlyArray<{ table: string; orderBy: string }> = [
  { table: 'users', orderBy: 'created_at, id' },
  { table: 'personal_data_keys', orderBy: 'key_id' },
  { table: 'seed_runs', orderBy: 'name' },
  { table: 'lucky_draw_seeds', orderBy: 'offer_id' },
  { table: 'checkout_idempotency', orderBy: 'idempotency_key' },
];

const PAGE = 2_000;

export interface BackupSummary {
  events: number;
  rows: Record<string, number>;
}

interface EventLine {
  kind: 'event';
  position: string;
  id: string;
  stream: string;
  version: number;
  type: string;
  schemaVersion: number;
  data: unknown;
  metadata: unknown;
  recordedAt: string;
}

type BackupLine =
  | { kind: 'header'; format: string; version: number; createdAt: string }
  | EventLine
  | { kind: 'row'; table: string; row: Record<string, unknown> }
  | ({ kind: 'end' } & BackupSummary);

/** Writes the whole store's log and state tables to `file` (gzip). */
export async function backupStore(dataSource: DataSource, file: string): Promise<BackupSummary> {
  const lines = new PassThrough({ writableHighWaterMark: 1 << 20 });
  const written = pipeline(lines, createGzip(), createWriteStream(file, { mode: 0o600 }));
  const write = async (line: BackupLine) => {
    if (!lines.write(`${JSON.stringify(line)}\n`)) await once(lines, 'drain');
  };
  const summary: BackupSummary = { events: 0, rows: {} };
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.startTransaction('REPEATABLE READ');
    await write({ kind: 'header', format: BACKUP_FORMAT, version: BACKUP_VERSION, createdAt: new Date().toISOString() });
    let after: [string, string] = ['0', '0'];
    for (;;) {
      const rows: Array<EventLine & { transaction_text: string }> = await runner.query(
        `SELECT transaction_id::text AS transaction_text, global_position::text AS position, event_id AS id,
                stream_id AS stream, stream_position AS version, type, schema_version AS "schemaVersion", data, metadata,
                recorded_at::text AS "recordedAt"
           FROM events
          WHERE (transaction_id, global_position) > ($1::xid8, $2::bigint)
          ORDER BY events.transaction_id, events.global_position
          LIMIT ${PAGE}`,
        after,
      );
      for (const { transaction_text: _transaction, ...event } of rows) await write({ ...event, kind: 'event' });
      summary.events += rows.length;
      if (rows.length < PAGE) break;
      const last = rows[rows.length - 1];
      after = [last.transaction_text, last.position];
    }
    for (const { table, orderBy } of STATE_TABLES) {
      summary.rows[table] = 0;
      let offset = 0;
      for (;;) {
        const rows: Array<{ row: Record<string, unknown> }> = await runner.query(
          `SELECT row_to_json(t) AS row FROM ${table} AS t ORDER BY ${orderBy} LIMIT ${PAGE} OFFSET ${offset}`,
        );
        for (const { row } of rows) await write({ kind: 'row', table, row });
        summary.rows[table] += rows.length;
        offset += rows.length;
        if (rows.length < PAGE) break;
      }
    }
    await write({ kind: 'end', ...summary });
    await runner.commitTransaction();
  } catch (error) {
    if (runner.isTransactionActive) await runner.rollbackTransaction();
    lines.destroy(error as Error);
    await written.catch(() => undefined);
    throw error;
  } finally {
    await runner.release();
  }
  lines.end();
  await written;
  return summary;
}

export class RestoreRefused extends Error {}

/**
 * Loads a backup into a database that is migrated but holds no event and no state row: refuses otherwise
 * (`RestoreRefused`). Events keep their positions, ids, metadata and times. They are inserted in
 * transactions of up to 2,000 that follow the file's order, and a transaction ends early wherever the next
 * position is lower than the last: restored events then sort by (transaction id, position) exactly as the
 * original log did, so every fold sees them in the same order. A file that ends early or fails to load is
 * taken out again (the database was empty), so a failed restore leaves an empty store, never half of one.
 * Read models are not touched: the caller rebuilds them (see restore-cli.ts).
 */
export async function restoreStore(dataSource: DataSource, file: string): Promise<BackupSummary> {
  await assertEmpty(dataSource.manager);
  try {
    return await load(dataSource, file);
  } catch (error) {
    await dataSource.query(`TRUNCATE events, ${STATE_TABLES.map((each) => each.table).join(', ')} CASCADE`);
    throw error;
  }
}

async function load(dataSource: DataSource, file: string): Promise<BackupSummary> {
  const input = createReadStream(file).pipe(createGunzip());
  const reader = createInterface({ input, crlfDelay: Infinity });
  const counted: BackupSummary = { events: 0, rows: {} };
  let events: EventLine[] = [];
  let rows: { table: string; rows: Array<Record<string, unknown>> } | null = null;
  let header = false;
  let end: BackupSummary | null = null;
  const flushEvents = async () => {
    if (events.length === 0) return;
    await insertEvents(dataSource, events);
    counted.events += events.length;
    events = [];
  };
  const flushRows = async () => {
    if (!rows || rows.rows.length === 0) return;
    await dataSource.query(`INSERT INTO ${rows.table} SELECT * FROM json_populate_recordset(null::${rows.table}, $1::json)`, [
      JSON.stringify(rows.rows),
    ]);
    counted.rows[rows.table] = (counted.rows[rows.table] ?? 0) + rows.rows.length;
    rows.rows = [];
  };
  for await (const text of reader) {
    if (text.trim() === '') continue;
    const line = JSON.parse(text) as BackupLine;
    if (!header) {
      if (line.kind !== 'header' || line.format !== BACKUP_FORMAT) throw new RestoreRefused('This file is not a Tee Bazaar backup.');
      if (line.version !== BACKUP_VERSION) throw new RestoreRefused(`This backup has format version ${line.version}; this store reads version ${BACKUP_VERSION}.`);
      header = true;
      continue;
    }
    if (end) throw new RestoreRefused('The backup has lines after its end.');
    if (line.kind === 'event') {
      const previous = events[events.length - 1];
      if (events.length >= PAGE || (previous && BigInt(line.position) < BigInt(previous.position))) await flushEvents();
      events.push(line);
    } else if (line.kind === 'row') {
      await flushEvents();
      if (!STATE_TABLES.some((each) => each.table === line.table)) throw new RestoreRefused(`The backup holds rows of an unknown table ${line.table}.`);
      if (rows && (rows.table !== line.table || rows.rows.length >= PAGE)) await flushRows();
      if (!rows || rows.table !== line.table) rows = { table: line.table, rows: [] };
      rows.rows.push(line.row);
    } else if (line.kind === 'end') {
      await flushEvents();
      await flushRows();
      end = { events: line.events, rows: line.rows };
    }
  }
  if (!end) throw new RestoreRefused('The backup file ends early (no end line): it was cut off while being written or copied.');
  const expected = JSON.stringify({ events: end.events, rows: Object.fromEntries(Object.entries(end.rows).filter(([, count]) => count > 0)) });
  if (JSON.stringify(counted) !== expected) {
    throw new RestoreRefused(`The backup's counts do not match what it holds (${JSON.stringify(counted)} against ${expected}).`);
  }
  await dataSource.query(
    `SELECT setval(pg_get_serial_sequence('events', 'global_position'), greatest((SELECT max(global_position) FROM events), 1), (SELECT count(*) > 0 FROM events))`,
  );
  return end;
}

async function insertEvents(dataSource: DataSource, events: EventLine[]): Promise<void> {
  await dataSource.query(
    `INSERT INTO events (global_position, event_id, stream_id, stream_position, type, schema_version, data, metadata, recorded_at)
     OVERRIDING SYSTEM VALUE
     SELECT e.position, e.id, e.stream, e.version, e.type, e."schemaVersion", e.data, e.metadata, e."recordedAt"
       FROM jsonb_to_recordset($1::jsonb) AS e(position bigint, id uuid, stream text, version int, type text,
            "schemaVersion" int, data jsonb, metadata jsonb, "recordedAt" timestamptz)
      ORDER BY e.position`,
    [JSON.stringify(events)],
  );
}

async function assertEmpty(manager: EntityManager): Promise<void> {
  const [{ events }]: Array<{ events: number }> = await manager.query('SELECT count(*)::int AS events FROM (SELECT 1 FROM events LIMIT 1) AS e');
  const filled: string[] = [];
  for (const { table } of STATE_TABLES) {
    const rows: unknown[] = await manager.query(`SELECT 1 FROM ${table} LIMIT 1`);
    if (rows.length > 0) filled.push(table);
  }
  if (events > 0 || filled.length > 0) {
    throw new RestoreRefused(
      `The database is not empty (${[events > 0 ? 'events' : null, ...filled].filter(Boolean).join(', ')}): restore only into a new, empty database.`,
    );
  }
}

/**
 * After `restoreStore`: every read model rebuilt from the restored events alone, and the subscriptions that
 * act on the world rather than fill tables (`skipReplayOf`: the mail subscription) moved to the end of the
 * log, so a restored store does not mail every customer their old orders again.
 */
export async function rebuildAfterRestore(
  dataSource: DataSource,
  projections: { rebuildAll(options?: { onProgress?: (progress: { projection: string; phase: string }) => void }): Promise<Array<{ projection: string; processed: number }>> },
  skipReplayOf: string[],
  onProgress?: (progress: { projection: string; phase: string }) => void,
): Promise<Array<{ projection: string; processed: number }>> {
  await refreshEventStatistics(dataSource);
  await waitUntilSafe(dataSource);
  const results = await projections.rebuildAll({ onProgress });
  await dataSource.transaction(async (manager) => {
    const head = await readCommittedHead(manager);
    await ensureCheckpoints(manager, skipReplayOf);
    for (const name of skipReplayOf) await setCheckpoint(manager, name, head ?? START);
  });
  return results;
}

/**
 * Readers see only events below the oldest transaction still running anywhere on the PostgreSQL server (the
 * safe global order). A transaction open in another database of the same server holds that back: the restored
 * events become readable when it ends. Rebuilding earlier would fill the read models with part of the log.
 */
async function waitUntilSafe(dataSource: DataSource, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [safe, committed] = await Promise.all([readSafeHead(dataSource.manager), readCommittedHead(dataSource.manager)]);
    if (!committed || (safe && compareCheckpoints(safe, committed) >= 0)) return;
    if (Date.now() > deadline) throw new Error('The restored events are still hidden by a long transaction on this PostgreSQL server; end it and run the restore again.');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
