import { readdirSync } from 'node:fs';

/**
 * The files ending in `extension` that the store writes into `folder` (mail as .eml, SMS as .json when no
 * SMTP server or gateway is configured), polled until at least one is there or the time is up; a folder not
 * made yet counts as empty. Returns what it found last, so the caller asserts the count itself.
 */
export async function waitForFiles(folder: string, extension: string, timeoutMs: number, pollMs: number): Promise<string[]> {
  const deadline = Date.now() + timeoutMs;
  let files: string[] = [];
  while (Date.now() < deadline) {
    try {
      files = readdirSync(folder).filter((name) => name.endsWith(extension));
    } catch {
      files = [];
    }
    if (files.length > 0) break;
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
  return files;
}
