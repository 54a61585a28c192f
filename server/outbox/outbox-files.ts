import { closeSync, ftruncateSync, mkdirSync, openSync, renameSync, unlinkSync, writeFileSync, writeSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';

/** Folders made by this process: made once, not before every message. */
const made = new Set<string>();

/**
 * The outbox of a channel without a gateway: each message becomes `<folder>/<time>-<event id>.<extension>`,
 * readable only by the store's user. The message is written under a `.partial` name (or into a hidden spare)
 * and renamed into place, so whoever watches the folder (a person, a script handing files to a gateway, the
 * tests) never reads half a message. Returns the file's path for the log (which never names the recipient).
 *
 * Written synchronously, on purpose: through libuv's thread pool the same small file cost twice the CPU
 * (about 230 µs a message against 115, measured at 10,000 messages on ext4, folder rotated): each step is a
 * hand-off between threads, and four threads writing one folder contend for its lock. A message holds the
 * event loop for about a tenth of a millisecond; this is the demo transport, which a store with a gateway
 * never runs. OutboxFolder hands it a spare to write into when it has one (see there).
 */
export async function writeOutboxFile(
  folder: string,
  eventId: string,
  extension: string,
  contents: Buffer | string,
  /** A spare file of the folder (OutboxFolder's rotation) to write the message into instead of a new file. */
  reuse?: string,
): Promise<string> {
  const file = join(folder, `${new Date().toISOString().replace(/[:.]/g, '-')}-${eventId}.${extension}`);
  if (!made.has(folder)) {
    mkdirSync(folder, { recursive: true });
    made.add(folder);
  }
  // A spare is hidden from every reader (it lacks the extension), so it is written where it lies and renamed
  // into place. Written over, not truncated first: emptying a file frees its block and the write takes another,
  // which on ext4 cost more than the rest of the message (about 160 µs a message against 55, measured).
  if (reuse && overwrite(reuse, contents)) {
    try {
      renameSync(reuse, file);
      return file;
    } catch (error) {
      // Erased meanwhile (whatever forgets a person reads the spares too): a new file, then.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  const partial = `${file}.partial`;
  try {
    writeFileSync(partial, contents, { mode: 0o600 });
  } catch (error) {
    // The folder was removed since (a test, an operator cleaning up): made again, once.
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    mkdirSync(folder, { recursive: true });
    writeFileSync(partial, contents, { mode: 0o600 });
  }
  renameSync(partial, file);
  return file;
}

/**
 * How many files a demo transport's folder keeps (`DATA_DIR/mail`, `DATA_DIR/sms`): the newest `keepFiles`, none
 * older than `keepDays` days. 0 turns a limit off. Settings OUTBOX_FILES_KEEP and OUTBOX_FILES_DAYS.
 */
export interface OutboxFileRetention {
  keepFiles: number;
  keepDays: number;
}

/** Rotation runs after a write at most this often, or after this many writes, whichever comes first. */
const ROTATE_EVERY_MS = 10_000;
const ROTATE_EVERY_WRITES = 200;
/** Files a rotation retires per turn of the event loop. */
const RETIRE_SLICE = 50;
/** Rotated-out files kept for reuse, at most. */
const MAX_SPARES = 500;
const SPARE_PREFIX = '.spare-';

/**
 * A file rotation took out of a demo outbox and kept for a later message to be written into (`.spare-…`): no
 * reader of the outbox takes it (it lacks the extension), but until it is reused it holds the old message, so
 * whatever forgets a person reads it too (server/outbox/erasure.ts).
 */
export function isSpareOutboxFile(name: string): boolean {
  return name.startsWith(SPARE_PREFIX);
}

/** `2026-11-27T19-38-04-123Z-<id>.<extension>`: the time the file was written, as writeOutboxFile names it. */
const NAMED = /^(\d{4}-\d{2}-\d{2}T\d{2})-(\d{2})-(\d{2})-(\d{3})Z-/;

/**
 * A demo transport's outbox folder: writes one file per message (writeOutboxFile) and rotates the folder so it
 * does not grow for ever (about 9 KB a message: 16 MB for 1,800 orders' mails and SMS). Only files named by
 * writeOutboxFile with this folder's extension are counted and removed; a `.partial` being written never is.
 * Rotation runs beside the writes, never in a send's way.
 *
 * A rotated-out file is not deleted but renamed to a spare, which the next write renames into place and writes
 * again: a folder at its limit then neither creates nor deletes a file per message. Creating and deleting were
 * most of the worker's CPU under a burst of checkouts on ext4 without a journal, which scans past every inode
 * freed in the last minutes before it allocates one (ADR 070).
 */
export class OutboxFolder {
  private readonly spares: string[] = [];
  private sparesMade = 0;
  private lastRotation = 0;
  private writesSinceRotation = 0;
  private rotating: Promise<number> | undefined;

  constructor(
    readonly folder: string,
    private readonly extension: string,
    private readonly retention: OutboxFileRetention,
    private readonly onError: (error: unknown) => void = () => undefined,
  ) {}

  async write(deliveryId: string, contents: Buffer | string): Promise<string> {
    const file = await writeOutboxFile(this.folder, deliveryId, this.extension, contents, this.spares.pop());
    this.writesSinceRotation += 1;
    const due = Date.now() - this.lastRotation >= ROTATE_EVERY_MS || this.writesSinceRotation >= ROTATE_EVERY_WRITES;
    if (due && !this.rotating) void this.rotate().catch(this.onError);
    return file;
  }

  /**
   * Removes the files past the newest `keepFiles` and those older than `keepDays`; answers how many. Runs after
   * a rotation already under way, so it sees every file written before it was asked.
   */
  rotate(now = Date.now()): Promise<number> {
    const previous = this.rotating ?? Promise.resolve(0);
    const next: Promise<number> = previous.catch(() => 0).then(() => this.removeOld(now));
    this.rotating = next;
    void next.finally(() => {
      if (this.rotating === next) this.rotating = undefined;
    }).catch(() => undefined);
    return next;
  }

  private async removeOld(now: number): Promise<number> {
    this.lastRotation = Date.now();
    this.writesSinceRotation = 0;
    const { keepFiles, keepDays } = this.retention;
    if (keepFiles <= 0 && keepDays <= 0) return 0;
    const names = await readdir(this.folder).catch(() => [] as string[]);
    const suffix = `.${this.extension}`;
    // Newest first: the names begin with the time they were written.
    const files = names
      .filter((name) => name.endsWith(suffix) && NAMED.test(name))
      .sort()
      .reverse();
    const oldest = keepDays > 0 ? now - keepDays * 24 * 60 * 60 * 1000 : Number.NEGATIVE_INFINITY;
    const remove = files.filter((name, index) => (keepFiles > 0 && index >= keepFiles) || writtenAt(name) < oldest);
    // Spares an earlier process left are this one's now.
    const known = new Set(this.spares.map((path) => path.slice(this.folder.length + 1)));
    const leftOver = names.filter((name) => isSpareOutboxFile(name) && !known.has(name));
    const retiring = [...remove.map((name) => ({ name, spare: false })), ...leftOver.map((name) => ({ name, spare: true }))];
    // Synchronously, like the writes (see writeOutboxFile), a slice at a time so sends are not held long.
    for (let from = 0; from < retiring.length; from += RETIRE_SLICE) {
      if (from > 0) await new Promise((resolve) => setImmediate(resolve));
      for (const { name, spare } of retiring.slice(from, from + RETIRE_SLICE)) this.retire(name, spare);
    }
    return remove.length;
  }

  /** Keeps a rotated-out file (or an earlier process's spare) as a spare while there is room, else deletes it. */
  private retire(name: string, alreadySpare: boolean): void {
    const path = join(this.folder, name);
    try {
      if (this.spares.length >= MAX_SPARES) unlinkSync(path);
      else if (alreadySpare) this.spares.push(path);
      else {
        const spare = join(this.folder, `${SPARE_PREFIX}${process.pid}-${(this.sparesMade += 1)}`);
        renameSync(path, spare);
        this.spares.push(spare);
      }
    } catch {
      // Gone already (erased, or removed by hand).
    }
  }
}

/** Writes `contents` over an existing file from its start and cuts it to their length; false when the file is gone. */
function overwrite(path: string, contents: Buffer | string): boolean {
  let fd: number;
  try {
    fd = openSync(path, 'r+');
  } catch {
    // Gone (erased, removed by hand): a new file, then.
    return false;
  }
  try {
    const bytes = typeof contents === 'string' ? Buffer.from(contents) : contents;
    writeSync(fd, bytes, 0, bytes.length, 0);
    ftruncateSync(fd, bytes.length);
  } finally {
    closeSync(fd);
  }
  return true;
}

function writtenAt(name: string): number {
  const [, hours, minutes, seconds, millis] = NAMED.exec(name) ?? [];
  return Date.parse(`${hours}:${minutes}:${seconds}.${millis}Z`);
}
