import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * What the suites that need a build (the client for the browser, the server for a real store process) share:
 * one build at a time across parallel jest runs, and "is the output older than its sources".
 */

/** Runs `build` holding the lock folder `lock`; a lock older than `staleMs` belongs to a crashed run. */
export function withBuildLock(lock: string, build: () => void, staleMs = 240_000): void {
  mkdirSync(join(lock, '..'), { recursive: true });
  const deadline = Date.now() + staleMs + 60_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      if (existsSync(lock) && Date.now() - statSync(lock).mtimeMs > staleMs) {
        rmSync(lock, { recursive: true, force: true });
        continue;
      }
      if (Date.now() > deadline) throw new Error(`Timed out waiting for the build lock ${lock}`);
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 250);
    }
  }
  try {
    build();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/**
 * The newest modification time of the files below `path`, as scripts/ensure-built.mjs reads it. Folders do not
 * count: the check's test plants files in `zz-check-sandbox-*` folders for a moment (test/architecture/check.spec.ts),
 * which touches their parent folder, and a build started by that would find the planted file gone halfway.
 */
export function newestMtime(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry.startsWith('.') || entry.startsWith('zz-check-sandbox-')) continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}
