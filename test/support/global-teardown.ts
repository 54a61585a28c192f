import { rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { dropRunTemplates } from './test-database';
import { ADMIN_URL_VARIABLE, TEST_RUN_VARIABLE } from './test-state';

/** How long jest may stay alive after the last suite before the run is failed as leaking. */
const EXIT_GRACE_MS = 15_000;

export default async function globalTeardown(): Promise<void> {
  failIfJestCannotExit();
  await (globalThis as { __sharedBrowser?: { close(): Promise<void> } }).__sharedBrowser?.close();
  const embedded = (globalThis as { __embeddedPostgres?: { handle: { stop(): Promise<void> }; dataDir: string } })
    .__embeddedPostgres;
  if (!embedded) {
    // A server the run does not own (DATABASE_URL) keeps no template databases of this run.
    const adminUrl = process.env[ADMIN_URL_VARIABLE];
    const runId = process.env[TEST_RUN_VARIABLE];
    if (adminUrl && runId) await dropRunTemplates(adminUrl, runId);
    return;
  }
  await embedded.handle.stop();
  rmSync(dirname(embedded.dataDir), { recursive: true, force: true });
}

/**
 * `npm test` runs without --forceExit, so a timer, socket or child process a test forgot to stop keeps jest
 * alive: locally that is a terminal that never returns, in CI a run that hangs until its time limit. The tests
 * run in this process (--runInBand), so their handles are visible here. If jest is still running
 * EXIT_GRACE_MS after the last suite, this names what is still open and ends the run as failed: a leak is a bug
 * to fix in the test that left it, and it is reported in seconds instead of as a timeout. The timer is unref'd,
 * so it never keeps a clean run alive.
 */
function failIfJestCannotExit(): void {
  setTimeout(() => {
    process.stderr.write(
      `\nThe test run is over but jest could not exit after ${EXIT_GRACE_MS / 1000} s: a test left these open:\n` +
        describeOpenHandles().map((line) => `  - ${line}\n`).join('') +
        'Failing the run. Stop what the test started in its afterAll/afterEach (servers, pools, subscriptions, timers).\n',
    );
    process.exit(1);
  }, EXIT_GRACE_MS).unref();
}

function describeOpenHandles(): string[] {
  // Timers are not handles in Node 20: count every active resource by kind, and name the sockets and child
  // processes, which say most about which suite left them.
  const counts = new Map<string, number>();
  for (const kind of process.getActiveResourcesInfo()) counts.set(kind, (counts.get(kind) ?? 0) + 1);
  const kinds = [...counts].map(([kind, count]) => `${count} × ${kind}`);
  const handles = (process as unknown as { _getActiveHandles(): unknown[] })._getActiveHandles();
  const named = handles.flatMap((handle) => {
    const socket = handle as { remoteAddress?: string; remotePort?: number };
    if (socket.remoteAddress) return [`socket to ${socket.remoteAddress}:${socket.remotePort}`];
    const child = handle as { pid?: number; spawnfile?: string };
    if (typeof child.pid === 'number') return [`child process ${child.pid} (${child.spawnfile ?? 'unknown'})`];
    return [];
  });
  return [...kinds, ...named];
}
