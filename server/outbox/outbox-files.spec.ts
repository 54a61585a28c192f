import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeOutboxFile } from './outbox-files';

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
});
