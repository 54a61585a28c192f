import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { findFreePort } from '../../server/config/embedded-postgres';
import { newestMtime, withBuildLock } from './build-lock';
import { CHECKOUT_LIMITS_OFF } from './checkout-limits';
import { TEST_STATE_DIR } from './test-state';

const REPO_ROOT = resolve(__dirname, '../..');
const SERVER_MAIN = join(REPO_ROOT, 'dist/server/main.js');
const BUILD_LOCK = join(REPO_ROOT, '.data/server-build.lock');

/**
 * The store as `npm start` runs it — `node dist/server/main.js`, a process of its own — for the suites that
 * must kill it (SIGKILL), run two of it, or watch it survive its database going away. The in-process
 * `startTestServer` cannot be killed without killing jest.
 */
export interface StoreProcess {
  baseUrl: string;
  port: number;
  /** Its DATA_DIR (uploads, outbox files). */
  dataDir: string;
  /** The process is running (not killed, not exited). */
  readonly running: boolean;
  /** The last 2,000,000 characters it wrote to stdout and stderr (JSON log lines: see logLines). */
  output(): string;
  /** Sends a signal and waits until the process has exited. */
  kill(signal?: NodeJS.Signals): Promise<void>;
  /** Sends a signal and returns at once. */
  signal(signal: NodeJS.Signals): void;
  /** Resolves when the running process exits, with its exit code (null when a signal ended it). */
  exited(): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Its log: each output line parsed as JSON (a line that is not JSON is kept as `{ unparsed: line }`). */
  logLines(): Array<Record<string, unknown>>;
  /** SIGSTOP: the process stops where it is, mid-request, holding its sockets (until killed). */
  freeze(): void;
  /** Starts it again on the same port and database; resolves when its health check answers. */
  restart(): Promise<void>;
  /** SIGTERM (a clean shutdown), then removes its data folder. */
  stop(): Promise<void>;
}

export interface StoreProcessOptions {
  databaseUrl: string;
  /** Extra environment (REDIS_URL, SMTP_URL, SEED_DEMO, PROJECTIONS ...). */
  env?: Record<string, string>;
  /** How long to wait for the health check. */
  startTimeoutMs?: number;
  /** A DATA_DIR of the caller's, kept when the process stops (a new one is made and removed otherwise). */
  dataDir?: string;
}

/** What a production-mode process must be given (server/config/env.ts): the test store's fixed secrets. */
export const PRODUCTION_TEST_SETTINGS = {
  NODE_ENV: 'production',
  JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-0123456789',
  PERSONAL_DATA_KEY: 'test-personal-data-key-long-enough-0123456789',
} as const;

export async function startStoreProcess(options: StoreProcessOptions): Promise<StoreProcess> {
  ensureServerBuilt();
  const port = await findFreePort();
  const dataDir = options.dataDir ?? mkdtempSync(join(TEST_STATE_DIR, 'process-'));
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    ...PRODUCTION_TEST_SETTINGS,
    APP_ORIGINS: `http://localhost:${port}`,
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'true',
    // The production build on the demo catalog: allowed for tests only (server/config/env.ts).
    DEMO_STORE_IN_PRODUCTION: 'allow',
    ...CHECKOUT_LIMITS_OFF,
    ...options.env,
    DATABASE_URL: options.databaseUrl,
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: String(port),
  };
  const baseUrl = `http://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  let output = '';

  const launch = async () => {
    const started = spawn(process.execPath, [SERVER_MAIN], { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    child = started;
    const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-2_000_000));
    started.stdout!.on('data', keep);
    started.stderr!.on('data', keep);
    const deadline = Date.now() + (options.startTimeoutMs ?? 120_000);
    while (Date.now() < deadline) {
      if (started.exitCode !== null || started.signalCode !== null) {
        throw new Error(`the store process exited (${started.exitCode ?? started.signalCode}) before answering:\n${output}`);
      }
      const healthy = await fetch(`${baseUrl}/api/health`).then((response) => response.status < 500 || response.status === 503, () => false);
      if (healthy) return;
      await new Promise((resolveWait) => setTimeout(resolveWait, 100));
    }
    started.kill('SIGKILL');
    throw new Error(`the store process did not answer ${baseUrl}/api/health in time:\n${output}`);
  };

  const kill = async (signal: NodeJS.Signals = 'SIGKILL') => {
    const running = child;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    await new Promise<void>((resolveExit) => {
      running.once('exit', () => resolveExit());
      running.kill(signal);
    });
  };

  await launch();
  return {
    baseUrl,
    port,
    dataDir,
    get running() {
      return child !== undefined && child.exitCode === null && child.signalCode === null;
    },
    output: () => output,
    kill,
    freeze: () => child?.kill('SIGSTOP'),
    signal: (signal) => void child?.kill(signal),
    exited: () =>
      new Promise((resolveExit) => {
        const running = child;
        if (!running || running.exitCode !== null || running.signalCode !== null) resolveExit({ code: running?.exitCode ?? null, signal: running?.signalCode ?? null });
        else running.once('exit', (code, signal) => resolveExit({ code, signal }));
      }),
    logLines: () => parseLogLines(output),
    restart: launch,
    async stop() {
      if (child && child.exitCode === null && child.signalCode === null) {
        const running = child;
        const exited = new Promise<void>((resolveExit) => running.once('exit', () => resolveExit()));
        running.kill('SIGTERM');
        const timer = setTimeout(() => running.kill('SIGKILL'), 15_000);
        await exited;
        clearTimeout(timer);
      }
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Builds dist/server with tsc when it is missing or older than the server's sources (once per run, under a lock). */
export function ensureServerBuilt(): void {
  if (isServerBuildFresh()) return;
  withBuildLock(BUILD_LOCK, () => {
    if (isServerBuildFresh()) return; // another run built it while we waited
    try {
      execFileSync(process.execPath, [join(REPO_ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json'], {
        cwd: REPO_ROOT,
        stdio: 'pipe',
        timeout: 240_000,
      });
    } catch (error) {
      const failed = error as { stdout?: Buffer; stderr?: Buffer };
      throw new Error(`Building the server failed:\n${failed.stdout?.toString() ?? ''}${failed.stderr?.toString() ?? String(error)}`);
    }
  });
}

function isServerBuildFresh(): boolean {
  if (!existsSync(SERVER_MAIN)) return false;
  const built = statSync(SERVER_MAIN).mtimeMs;
  return ['server', 'contracts', 'tsconfig.json', 'tsconfig.build.json'].every((source) => newestMtime(join(REPO_ROOT, source)) <= built);
}

/** JSON log lines (pino) of a store's output; anything else as `{ unparsed: line }`. */
export function parseLogLines(output: string): Array<Record<string, unknown>> {
  return output
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      try {
        const parsed = JSON.parse(line) as unknown;
        return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : { unparsed: line };
      } catch {
        return { unparsed: line };
      }
    });
}

/** Log lines at error level or above (and any line that is not JSON and says ERROR). */
export function errorLines(output: string): Array<Record<string, unknown>> {
  return parseLogLines(output).filter((line) => line.level === 'error' || line.level === 'fatal' || (typeof line.unparsed === 'string' && /\bERROR\b/.test(line.unparsed)));
}
