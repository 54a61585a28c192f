import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, isAbsolute, join, posix, relative, resolve, sep } from 'node:path';
import { createInterface } from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { PassThrough } from 'node:stream';
import { createGunzip, createGzip } from 'node:zlib';
import type { DataSource, EntityManager } from 'typeorm';
import { compareCheckpoints, START } from '../../event-store/checkpoint';
import { readCommittedHead, readSafeHead, refreshEventStatistics } from '../../event-store/global-order';
import { ensureCheckpoints, setCheckpoint } from '../../event-store/projection-checkpoints';
import { PersonalDataVault } from '../../event-store/personal-data/personal-data';

/**
 * `npm run backup` / `npm run restore` (ADR 052). A backup is a gzipped file of JSON lines: a header (with a
 * check of the personal-data master key), every event in the log's global order (transaction id, then
 * position) with its position, stream, type, data, metadata and time, then the rows of the few tables that are
 * state rather than read models (below), then the pictures under the uploads folder, then a trailer with the
 * counts. Read models are not in it: a restore rebuilds them from the events.
 *
 * Both directions stream: the backup pages through the log in one REPEATABLE READ snapshot (so the events and
 * the state tables agree with each other while the store keeps taking orders), the restore inserts a batch at a
 * time; neither holds the log in memory.
 */
export const BACKUP_FORMAT = 'tee-bazaar-backup';
/** 2: the header's key check and the uploads folder's files (issue 28). A restore reads 1 and 2. */
export const BACKUP_VERSION = 2;
const READABLE_VERSIONS = [1, 2];

/**
 * Tables that no projection can rebuild, in the order a restore loads them (a referenced row first):
 * - `users`: accounts are state-stored (ADR 022), and password hashes are never in an event;
 * - `personal_data_keys`: the wrapped per-person keys that personal fields in events are sealed with (ADR 053);
 * - `seed_runs`: so a restored store does not seed the demo catalog again;
 * - `lucky_draw_seeds`: the sealed seeds of lucky draws not yet drawn;
 * - `checkout_idempotency`: a shopper's retried checkout still finds its order instead of placing a second.
 * Sign-in links, sessions (ADR 066), rate-limit counters, mail envelopes and mail bookkeeping are short-lived and
 * left out: links mailed before the backup stop working after a restore, and everyone signs in again.
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
  /** Files of the uploads folder (pictures); absent in a version 1 backup. */
  files?: number;
}

/** Which master secret seals personal data (ADR 053) and the setting it comes from, to name in a refusal. */
export interface PersonalDataSecret {
  masterSecret: string;
  setting: 'PERSONAL_DATA_KEY' | 'JWT_SECRET';
}

export interface BackupOptions {
  /** The store's uploads folder (DATA_DIR/uploads): its files go into the backup. */
  uploadsDir?: string;
  /** Recorded in the header as a check value, never the secret itself. */
  personalData?: PersonalDataSecret;
}

export interface RestoreOptions {
  /** Where the backup's files go (DATA_DIR/uploads of the restored store). */
  uploadsDir?: string;
  /** This store's master secret: a backup sealed under another is refused before anything changes. */
  personalData?: PersonalDataSecret;
}

interface Header {
  kind: 'header';
  format: string;
  version: number;
  createdAt: string;
  /** Since version 2: the master key's check value (PersonalDataVault.keyCheck) and the setting it came from. */
  personalDataKey?: { setting: PersonalDataSecret['setting']; check: string };
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

/** A file of the uploads folder: its path below the folder (with `/`) and its bytes. */
interface FileLine {
  kind: 'file';
  path: string;
  data: string;
}

type BackupLine = Header | EventLine | { kind: 'row'; table: string; row: Record<string, unknown> } | FileLine | ({ kind: 'end' } & BackupSummary);

/** Writes the whole store's log, state tables and uploaded files to `file` (gzip). */
export async function backupStore(dataSource: DataSource, file: string, options: BackupOptions = {}): Promise<BackupSummary> {
  const lines = new PassThrough({ writableHighWaterMark: 1 << 20 });
  const written = pipeline(lines, createGzip(), createWriteStream(file, { mode: 0o600 }));
  const write = async (line: BackupLine) => {
    if (!lines.write(`${JSON.stringify(line)}\n`)) await once(lines, 'drain');
  };
  const summary: BackupSummary = { events: 0, rows: {}, files: 0 };
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.startTransaction('REPEATABLE READ');
    const { personalData } = options;
    await write({
      kind: 'header',
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      createdAt: new Date().toISOString(),
      ...(personalData ? { personalDataKey: { setting: personalData.setting, check: new PersonalDataVault(personalData.masterSecret).keyCheck } } : {}),
    });
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
    // The pictures, after the snapshot's rows: a picture is written before the event that names it, so every
    // picture the backed-up events name is on disk by now.
    if (options.uploadsDir) {
      for (const path of await filesBelow(options.uploadsDir)) {
        const bytes = await readFile(join(options.uploadsDir, ...path.split('/'))).catch(() => undefined);
        if (!bytes) continue; // removed since it was listed
        await write({ kind: 'file', path, data: bytes.toString('base64') });
        summary.files! += 1;
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
 * (`RestoreRefused`), and refuses a backup whose personal data was sealed under another master secret than
 * this store's, naming the setting to fix, before anything is written. Events keep their positions, ids,
 * metadata and times. They are inserted in transactions of up to 2,000 that follow the file's order, and a
 * transaction ends early wherever the next position is lower than the last: restored events then sort by
 * (transaction id, position) exactly as the original log did, so every fold sees them in the same order. The
 * backup's files go back into the uploads folder. A file that ends early or fails to load is taken out again
 * (the database was empty, and the files it wrote are removed), so a failed restore leaves an empty store, never
 * half of one. Read models are not touched: the caller rebuilds them (see server/restore.ts).
 */
export async function restoreStore(dataSource: DataSource, file: string, options: RestoreOptions = {}): Promise<BackupSummary> {
  await assertEmpty(dataSource.manager);
  if (options.personalData) await assertSameMasterKey(file, options.personalData);
  const written: string[] = [];
  try {
    return await load(dataSource, file, options.uploadsDir, written);
  } catch (error) {
    await dataSource.query(`TRUNCATE events, ${STATE_TABLES.map((each) => each.table).join(', ')} CASCADE`);
    for (const path of written) await rm(path, { force: true });
    throw error;
  }
}

/** Reads the backup's lines, from its header on (which is checked). */
async function* backupLines(file: string): AsyncGenerator<BackupLine> {
  const input = createReadStream(file).pipe(createGunzip());
  const reader = createInterface({ input, crlfDelay: Infinity });
  let header = false;
  try {
    for await (const text of reader) {
      if (text.trim() === '') continue;
      let line: BackupLine;
      try {
        line = JSON.parse(text) as BackupLine;
      } catch {
        throw new RestoreRefused(header ? 'The backup holds a line that is not JSON: it was damaged.' : 'This file is not a Tee Bazaar backup.');
      }
      if (!header) {
        if (line.kind !== 'header' || line.format !== BACKUP_FORMAT) throw new RestoreRefused('This file is not a Tee Bazaar backup.');
        if (!READABLE_VERSIONS.includes(line.version)) throw new RestoreRefused(`This backup has format version ${line.version}; this store reads versions ${READABLE_VERSIONS.join(' and ')}.`);
        header = true;
      }
      yield line;
    }
  } catch (error) {
    // A file that is not gzip at all.
    if (!header && (error as NodeJS.ErrnoException).code === 'Z_DATA_ERROR') throw new RestoreRefused('This file is not a Tee Bazaar backup.');
    throw error;
  } finally {
    reader.close();
    input.destroy();
  }
}

/**
 * The personal fields in the backup's events open only with the master secret that sealed them (ADR 053). A
 * version 2 backup says which in its header (a check value and the setting it came from); for an older one,
 * the first wrapped key in its key table is tried. Either way, before anything is written.
 */
async function assertSameMasterKey(file: string, secret: PersonalDataSecret): Promise<void> {
  const vault = new PersonalDataVault(secret.masterSecret);
  let usedSetting: PersonalDataSecret['setting'] | undefined;
  let matches: boolean | undefined;
  for await (const line of backupLines(file)) {
    if (line.kind === 'header') {
      if (!line.personalDataKey) continue;
      usedSetting = line.personalDataKey.setting;
      matches = line.personalDataKey.check === vault.keyCheck;
      break;
    }
    if (line.kind === 'row' && line.table === 'personal_data_keys' && typeof line.row.wrapped_key === 'string') {
      matches = vault.opens(String(line.row.key_id), Buffer.from(line.row.wrapped_key.replace(/^\\x/, ''), 'hex'));
      break;
    }
    if (line.kind === 'end') break;
  }
  if (matches !== false) return;
  const how =
    usedSetting === 'PERSONAL_DATA_KEY'
      ? 'The store it was taken from had PERSONAL_DATA_KEY set: set PERSONAL_DATA_KEY to the same value'
      : usedSetting === 'JWT_SECRET'
        ? 'The store it was taken from had no PERSONAL_DATA_KEY and sealed with its JWT_SECRET: set JWT_SECRET (or PERSONAL_DATA_KEY) to that JWT_SECRET'
        : // An older backup does not say which setting its store used.
          'Set PERSONAL_DATA_KEY to the secret the store it was taken from sealed with: its PERSONAL_DATA_KEY, or its JWT_SECRET if it had none';
  const now = secret.setting === 'PERSONAL_DATA_KEY' ? 'PERSONAL_DATA_KEY' : 'JWT_SECRET (PERSONAL_DATA_KEY is not set)';
  throw new RestoreRefused(
    `The backup's personal data was sealed under another master key than this store's, which comes from ${now}. ${how}, then run the restore again. Nothing was changed.`,
  );
}

async function load(dataSource: DataSource, file: string, uploadsDir: string | undefined, written: string[]): Promise<BackupSummary> {
  const counted: BackupSummary = { events: 0, rows: {} };
  let events: EventLine[] = [];
  let rows: { table: string; rows: Array<Record<string, unknown>> } | null = null;
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
  for await (const line of backupLines(file)) {
    if (line.kind === 'header') continue;
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
    } else if (line.kind === 'file') {
      await flushEvents();
      await flushRows();
      if (uploadsDir) await restoreFile(uploadsDir, line, written);
      counted.files = (counted.files ?? 0) + 1;
    } else if (line.kind === 'end') {
      await flushEvents();
      await flushRows();
      end = line.files === undefined ? { events: line.events, rows: line.rows } : { events: line.events, rows: line.rows, files: line.files };
    }
  }
  if (!end) throw new RestoreRefused('The backup file ends early (no end line): it was cut off while being written or copied.');
  if (end.files !== undefined) counted.files ??= 0;
  const expected = JSON.stringify({
    events: end.events,
    rows: Object.fromEntries(Object.entries(end.rows).filter(([, count]) => count > 0)),
    ...(end.files === undefined ? {} : { files: end.files }),
  });
  if (JSON.stringify(counted) !== expected) {
    throw new RestoreRefused(`The backup's counts do not match what it holds (${JSON.stringify(counted)} against ${expected}).`);
  }
  await dataSource.query(
    `SELECT setval(pg_get_serial_sequence('events', 'global_position'), greatest((SELECT max(global_position) FROM events), 1), (SELECT count(*) > 0 FROM events))`,
  );
  return end;
}

/** Every file below `folder`, as paths with `/`, sorted; none when the folder does not exist. */
async function filesBelow(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch(() => []);
  const files: string[] = [];
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    files.push(relative(folder, join(entry.parentPath, entry.name)).split(sep).join('/'));
  }
  return files.sort();
}

/**
 * Writes one file of the backup below the uploads folder. Its path comes from the file, so it is checked: a
 * relative path that stays inside the folder, or the whole restore is refused. A file that exists already is
 * replaced (pictures are named by their content); one the restore created is listed for removal on failure.
 */
async function restoreFile(uploadsDir: string, line: FileLine, written: string[]): Promise<void> {
  const path = typeof line.path === 'string' ? line.path : '';
  const inside = path !== '' && !path.includes('\0') && !path.includes('\\') && !isAbsolute(path) && posix.normalize(path) === path && !path.split('/').includes('..');
  const target = resolve(uploadsDir, ...path.split('/'));
  if (!inside || !target.startsWith(resolve(uploadsDir) + sep)) throw new RestoreRefused(`The backup names a file outside the uploads folder (${JSON.stringify(path).slice(0, 80)}).`);
  const existed = await stat(target).then(() => true, () => false);
  await mkdir(dirname(target), { recursive: true });
  await writeFile(target, Buffer.from(String(line.data), 'base64'), { mode: 0o644 });
  if (!existed) written.push(target);
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
 * act on the world rather than fill tables (`subscriptionsReachingCustomers`: every channel registered with
 * the outbox, mail and SMS today) moved to the end of the log, so a restored store sends no customer a message
 * about the events it restored.
 */
export async function rebuildAfterRestore(
  dataSource: DataSource,
  projections: { rebuildAll(options?: { onProgress?: (progress: { projection: string; phase: string }) => void }): Promise<Array<{ projection: string; processed: number }>> },
  subscriptionsReachingCustomers: string[],
  onProgress?: (progress: { projection: string; phase: string }) => void,
): Promise<Array<{ projection: string; processed: number }>> {
  await refreshEventStatistics(dataSource);
  await waitUntilSafe(dataSource);
  const results = await projections.rebuildAll({ onProgress });
  await dataSource.transaction(async (manager) => {
    const head = await readCommittedHead(manager);
    await ensureCheckpoints(manager, subscriptionsReachingCustomers);
    for (const name of subscriptionsReachingCustomers) await setCheckpoint(manager, name, head ?? START);
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
