import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * The outbox of a channel without a gateway: each message becomes `<folder>/<time>-<event id>.<extension>`,
 * readable only by the store's user. Returns the file's path for the log (which never names the recipient).
 */
export async function writeOutboxFile(folder: string, eventId: string, extension: string, contents: Buffer | string): Promise<string> {
  await mkdir(folder, { recursive: true });
  const file = join(folder, `${new Date().toISOString().replace(/[:.]/g, '-')}-${eventId}.${extension}`);
  await writeFile(file, contents, { mode: 0o600 });
  return file;
}
