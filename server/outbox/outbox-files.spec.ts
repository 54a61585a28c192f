import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isSpareOutboxFile, OutboxFolder, writeOutboxFile } from './outbox-files';

describe('writeOutboxFile', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'outbox-files-'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('leaves one file per message, named by time and event id, readable only by the store', async () => {
    const folder = join(root, 'sms');
    const file = await writeOutboxFile(folder, 'event-1', 'json', '{"to":"8801711111111"}\n');
    expect(readdirSync(folder)).toEqual([file.slice(folder.length + 1)]);
    expect(file).toMatch(/\d{4}-\d{2}-\d{2}T[\d-]+Z-event-1\.json$/);
    expect(readFileSync(file, 'utf8')).toBe('{"to":"8801711111111"}\n');
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('never shows a reader of the folder half a message', async () => {
    const folder = join(root, 'mail');
    await writeOutboxFile(folder, 'first', 'eml', 'x');
    const contents = Buffer.alloc(8 * 1024 * 1024, 'a');
    let writing = true;
    const written = writeOutboxFile(folder, 'big', 'eml', contents).finally(() => {
      writing = false;
    });
    const seen: number[] = [];
    while (writing) {
      for (const name of readdirSync(folder).filter((entry) => entry.endsWith('big.eml'))) seen.push(readFileSync(join(folder, name)).length);
      await new Promise((resolve) => setImmediate(resolve));
    }
    await written;
    expect(seen.filter((length) => length !== contents.length)).toEqual([]);
    expect(readdirSync(folder).filter((name) => !name.endsWith('.eml'))).toEqual([]);
  });

  it('makes the folder again when it was removed after the first message', async () => {
    const folder = join(root, 'sms');
    await writeOutboxFile(folder, 'one', 'json', '1');
    rmSync(folder, { recursive: true });
    const file = await writeOutboxFile(folder, 'two', 'json', '2');
    expect(readFileSync(file, 'utf8')).toBe('2');
  });

  describe('rotation (OUTBOX_FILES_KEEP, OUTBOX_FILES_DAYS)', () => {
    /** A file as writeOutboxFile names it, written `daysAgo` days before `now`. */
    const named = (now: number, daysAgo: number, id: string, extension = 'json') =>
      `${new Date(now - daysAgo * 24 * 60 * 60 * 1000).toISOString().replace(/[:.]/g, '-')}-${id}.${extension}`;

    it('keeps the newest files of its own kind, up to the number set, and nothing else is touched', async () => {
      const folder = join(root, 'sms');
      mkdirSync(folder);
      const now = Date.parse('2026-11-28T12:00:00.000Z');
      const ours = Array.from({ length: 12 }, (_, index) => named(now, index / 24, `event-${index}`));
      for (const name of ours) writeFileSync(join(folder, name), '{}');
      // Not ours to remove: another extension, a message still being written, a file someone put there.
      const others = [named(now, 30, 'old-mail', 'eml'), `${named(now, 30, 'half')}.partial`, 'README.json'];
      for (const name of others) writeFileSync(join(folder, name), 'x');
      const outbox = new OutboxFolder(folder, 'json', { keepFiles: 5, keepDays: 0 });
      expect(await outbox.rotate(now)).toBe(7);
      expect(readdirSync(folder).filter((name) => !isSpareOutboxFile(name)).sort()).toEqual([...ours.slice(0, 5), ...others].sort());
      // The seven rotated out are kept as spares for the next messages, holding nothing a reader of the outbox takes.
      expect(readdirSync(folder).filter(isSpareOutboxFile)).toHaveLength(7);
    });

    it('removes files older than the days set, and keeps everything with both limits at 0', async () => {
      const folder = join(root, 'mail');
      mkdirSync(folder);
      const now = Date.parse('2026-11-28T12:00:00.000Z');
      const fresh = named(now, 1, 'fresh', 'eml');
      const old = named(now, 8, 'old', 'eml');
      for (const name of [fresh, old]) writeFileSync(join(folder, name), 'x');
      expect(await new OutboxFolder(folder, 'eml', { keepFiles: 0, keepDays: 0 }).rotate(now)).toBe(0);
      expect(await new OutboxFolder(folder, 'eml', { keepFiles: 100, keepDays: 7 }).rotate(now)).toBe(1);
      expect(readdirSync(folder).filter((name) => name.endsWith('.eml'))).toEqual([fresh]);
    });

    it('rotates by itself as messages are written: 1,800 SMS leave the newest 500', async () => {
      const folder = join(root, 'sms');
      const outbox = new OutboxFolder(folder, 'json', { keepFiles: 500, keepDays: 30 });
      for (let index = 0; index < 1_800; index++) await outbox.write(`event-${String(index).padStart(4, '0')}`, '{}');
      await outbox.rotate();
      const left = readdirSync(folder).filter((name) => name.endsWith('.json'));
      expect(left).toHaveLength(500);
      expect(left.some((name) => name.endsWith('event-1799.json'))).toBe(true);
      expect(left.some((name) => name.endsWith('event-1299.json'))).toBe(false);
      expect(readdirSync(folder).filter((name) => !name.endsWith('.json')).every(isSpareOutboxFile)).toBe(true);
    });

    it('writes the messages after a rotation into the files it rotated out: no file is made or deleted per message', async () => {
      const folder = join(root, 'sms');
      const outbox = new OutboxFolder(folder, 'json', { keepFiles: 3, keepDays: 0 });
      for (let index = 0; index < 8; index++) await outbox.write(`event-${index}`, `{"n":${index}}`);
      await outbox.rotate();
      const spares = readdirSync(folder).filter(isSpareOutboxFile);
      expect(spares).toHaveLength(5);
      const spareInodes = new Set(spares.map((name) => statSync(join(folder, name)).ino));

      const files = [];
      for (let index = 8; index < 13; index++) files.push(await outbox.write(`event-${index}`, `{"n":${index}}`));
      // Each new message went into a spare: same inodes, the new text only, private as before.
      expect(files.map((file) => spareInodes.has(statSync(file).ino))).toEqual([true, true, true, true, true]);
      expect(files.map((file) => readFileSync(file, 'utf8'))).toEqual([8, 9, 10, 11, 12].map((n) => `{"n":${n}}`));
      expect(files.every((file) => (statSync(file).mode & 0o777) === 0o600)).toBe(true);
      expect(readdirSync(folder).filter(isSpareOutboxFile)).toEqual([]);
    });

    it('takes on the spares an earlier process left, and keeps at most 500', async () => {
      const folder = join(root, 'sms');
      mkdirSync(folder);
      for (let index = 0; index < 600; index++) writeFileSync(join(folder, `.spare-1-${index}`), 'old message');
      const outbox = new OutboxFolder(folder, 'json', { keepFiles: 10, keepDays: 0 });
      await outbox.rotate();
      expect(readdirSync(folder).filter(isSpareOutboxFile)).toHaveLength(500);
      const file = await outbox.write('event-1', 'new');
      expect(readFileSync(file, 'utf8')).toBe('new');
      expect(readdirSync(folder).filter(isSpareOutboxFile)).toHaveLength(499);
    });
  });
});
