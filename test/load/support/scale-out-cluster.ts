import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { findFreePort } from '../../../server/config/embedded-postgres';
import { commandRuns } from '../../support/installed';
import { ensureServerBuilt, parseLogLines, PRODUCTION_TEST_SETTINGS } from '../../support/store-process';
import { TEST_STATE_DIR } from '../../support/test-state';

/**
 * The pieces of a scaled-out store, each a process of its own: the worker (`npm run worker`: projections and
 * mail) and HAProxy (Debian's package) in front of the API processes, health-checking /api/health/ready.
 */
const REPO_ROOT = resolve(__dirname, '../../..');

export interface WorkerProcess {
  /** Its health and metrics endpoint (WORKER_PORT on loopback): `${endpoint}/health/ready`, `${endpoint}/metrics`. */
  endpoint: string;
  output(): string;
  logLines(): Array<Record<string, unknown>>;
  /** SIGTERM, and the exit code once it has exited. */
  stop(): Promise<number | null>;
}

/** `node dist/server/worker.js` on the given database; resolves once it says it is running. */
export async function startWorkerProcess(options: { databaseUrl: string; env?: Record<string, string> }): Promise<WorkerProcess> {
  ensureServerBuilt();
  const dataDir = mkdtempSync(join(TEST_STATE_DIR, 'worker-'));
  const port = await findFreePort();
  let output = '';
  const child = spawn(process.execPath, [join(REPO_ROOT, 'dist/server/worker.js')], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH,
      ...PRODUCTION_TEST_SETTINGS,
      APP_ORIGINS: 'http://localhost:3000',
      WORKER_PORT: String(port),
      LOG_LEVEL: 'log',
      SEED_DEMO: 'false',
      ...options.env,
      DATABASE_URL: options.databaseUrl,
      DATA_DIR: dataDir,
    },
  });
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-2_000_000));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<number | null>((resolveExit) => child.once('exit', (code) => resolveExit(code)));
  const deadline = Date.now() + 120_000;
  while (!parseLogLines(output).some((line) => typeof line.msg === 'string' && line.msg.startsWith('Worker running'))) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the worker exited before running:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the worker did not start in time:\n${output}`);
    }
    await new Promise((resolveWait) => setTimeout(resolveWait, 100));
  }
  return {
    endpoint: `http://127.0.0.1:${port}`,
    output: () => output,
    logLines: () => parseLogLines(output),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const code = await exited;
      rmSync(dataDir, { recursive: true, force: true });
      return code;
    },
  };
}

export interface HaproxyLogLine {
  server: string;
  status: number;
  /** HAProxy's termination state (`----` for a normal end; `SH` the server aborted ...). */
  term: string;
  method: string;
  path: string;
  retries: string;
  ms: number;
}

/** One server as HAProxy sees it: `UP`, `DOWN`, `UP 1/2` (going down), `DOWN 1/2` (coming up) ...; the last check (`L7OK`, `L4CON` ...). */
export interface ServerState {
  status: string;
  checkStatus: string;
}

/** Every named server up, its last health check passed: the balancer sends each its share. */
export const allUp = (names: string[]) => (servers: Map<string, ServerState>) =>
  names.every((name) => servers.get(name)?.status === 'UP' && servers.get(name)?.checkStatus === 'L7OK');

export interface Balancer {
  baseUrl: string;
  /** One line per request HAProxy handled: which server answered, with which status. */
  requests(): HaproxyLogLine[];
  /** HAProxy's own lines when a health check takes a server out or puts it back ("Server api/api2 is DOWN, reason: ..."). */
  serverStateChanges(): string[];
  /**
   * Resolves once HAProxy's own view of its servers (its stats page: state and last health check) satisfies
   * `ready`, looking every 100 ms for up to `timeoutMs`; rejects with that view otherwise.
   */
  waitForServers(what: string, ready: (servers: Map<string, ServerState>) => boolean, timeoutMs?: number): Promise<void>;
  output(): string;
  stop(): Promise<void>;
}

/**
 * HAProxy in front of `servers`: round robin, a health check on /api/health/ready every 300 ms (two failures
 * take a server out, two successes put it back; a check may take 2 s on a busy machine), a refused connection tried again on another server, and no
 * keep-alive to the servers (a closing server is never handed a request on a connection it is closing).
 */
export async function startHaproxy(servers: Array<{ name: string; port: number }>): Promise<Balancer> {
  const port = await findFreePort();
  const statsPort = await findFreePort();
  const dir = mkdtempSync(join(TEST_STATE_DIR, 'haproxy-'));
  const config = join(dir, 'haproxy.cfg');
  writeFileSync(
    config,
    `global
  log stdout format raw local0
  maxconn 4096

defaults
  mode http
  log global
  option dontlognull
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  timeout queue 30s
  timeout check 2s
  retries 3
  option redispatch 1
  option http-server-close
  # The API processes run with TRUST_PROXY=loopback: the client's address reaches them in X-Forwarded-For, so
  # per-address limits see shoppers rather than the balancer, and /api/metrics refuses what came through here.
  option forwardfor
  log-format '{"server":"%s","status":%ST,"term":"%tsc","method":"%HM","path":"%HP","retries":"%rc","ms":%Ta}'

frontend shop
  bind 127.0.0.1:${port}
  default_backend api

# HAProxy's view of the servers for the test (CSV at /stats;csv), kept out of the request log.
frontend stats
  bind 127.0.0.1:${statsPort}
  no log
  stats enable
  stats uri /stats

backend api
  balance roundrobin
  option httpchk GET /api/health/ready
  http-check expect status 200
  default-server check inter 300ms fastinter 300ms downinter 500ms fall 2 rise 2
${servers.map((server) => `  server ${server.name} 127.0.0.1:${server.port}`).join('\n')}
`,
  );
  execFileSync('haproxy', ['-c', '-q', '-f', config], { stdio: 'pipe' });
  let output = '';
  const child: ChildProcess = spawn('haproxy', ['-db', '-f', config], { stdio: ['ignore', 'pipe', 'pipe'] });
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000_000));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`haproxy exited (${child.exitCode}):\n${output}`);
    const up = await fetch(`${baseUrl}/api/health/live`).then((response) => response.status === 200, () => false);
    if (up) break;
    if (Date.now() > deadline) throw new Error(`haproxy did not answer in time:\n${output}`);
    await new Promise((resolveWait) => setTimeout(resolveWait, 100));
  }
  return {
    baseUrl,
    output: () => output,
    requests: () =>
      parseLogLines(output)
        .filter((line) => typeof line.server === 'string' && typeof line.status === 'number')
        .map((line) => line as unknown as HaproxyLogLine),
    serverStateChanges: () => output.split('\n').filter((line) => /Server \w+\/\w+ is (DOWN|UP)/.test(line)).map((line) => line.replace(/\s+/g, ' ').trim().slice(0, 200)),
    async waitForServers(what, ready, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const servers = await serverStates(`http://127.0.0.1:${statsPort}/stats;csv`).catch(() => new Map<string, ServerState>());
        if (ready(servers)) return;
        if (Date.now() > deadline) throw new Error(`HAProxy: timed out waiting for ${what}: ${JSON.stringify([...servers])}`);
        await new Promise((resolveWait) => setTimeout(resolveWait, 100));
      }
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise<void>((resolveExit) => child.once('exit', () => resolveExit()));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The backend's servers from HAProxy's CSV stats: `# pxname,svname,...,status,...,check_status,...`. */
async function serverStates(url: string): Promise<Map<string, ServerState>> {
  const [header, ...rows] = (await (await fetch(url)).text()).trim().split('\n').map((line) => line.split(','));
  const column = (name: string) => header.indexOf(name === 'pxname' ? '# pxname' : name);
  const states = new Map<string, ServerState>();
  for (const row of rows) {
    if (row[column('pxname')] !== 'api' || ['FRONTEND', 'BACKEND'].includes(row[column('svname')])) continue;
    states.set(row[column('svname')], { status: row[column('status')], checkStatus: row[column('check_status')] });
  }
  return states;
}

/** Whether Debian's haproxy is installed (the suite says so and fails when it is not). */
export function haproxyInstalled(): boolean {
  return commandRuns('haproxy', ['-v']);
}
