import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The names in `folder` ending in `extension`; a folder not made yet has none. */
function filesIn(folder: string, extension: string): string[] {
  try {
    return readdirSync(folder).filter((name) => name.endsWith(extension));
  } catch {
    return [];
  }
}

/**
 * The files ending in `extension` that the store writes into `folder` (mail as .eml, SMS as .json when no
 * SMTP server or gateway is configured), polled until at least one is there or the time is up; a folder not
 * made yet counts as empty. Returns what it found last, so the caller asserts the count itself.
 */
export async function waitForFiles(folder: string, extension: string, timeoutMs: number, pollMs: number): Promise<string[]> {
  const deadline = Date.now() + timeoutMs;
  let files: string[] = [];
  while (Date.now() < deadline) {
    files = filesIn(folder, extension);
    if (files.length > 0) break;
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
  return files;
}

/**
 * What `find` first reads in the text of a file ending in `extension` in `folder`, the newest first (the store
 * names these files by time), looking again every 200 ms, `attempts` times in all, while no file gives an answer.
 * Undefined when none did: the caller says what it was looking for.
 */
export async function findInNewestFiles<T>(folder: string, extension: string, attempts: number, find: (text: string) => T | undefined): Promise<T | undefined> {
  for (let attempt = 0; attempt < attempts; attempt++) {
    for (const file of filesIn(folder, extension).sort().reverse()) {
      const found = find(readFileSync(join(folder, file), 'utf8'));
      if (found !== undefined) return found;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return undefined;
}

/**
 * The six digits of the newest code SMS to `phone` that the demo gateway wrote (`<data>/sms/*.json`, when no
 * SMS_URL is set), other than the codes in `except` (read earlier): what a shopper reads on their phone.
 */
export async function smsCodeTo(dataDir: string, phone: string, except: readonly string[] = []): Promise<string> {
  const folder = join(dataDir, 'sms');
  const code = await findInNewestFiles(folder, '.json', 150, (json) => {
    const sms = JSON.parse(json) as { to: string; text: string };
    const digits = sms.to === phone ? /^(\d{6}) /.exec(sms.text)?.[1] : undefined;
    return digits && !except.includes(digits) ? digits : undefined;
  });
  if (code) return code;
  throw new Error(`No SMS with a new code to ${phone} in ${folder}`);
}
