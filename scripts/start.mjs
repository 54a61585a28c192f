// `npm start`: the store as production runs it (issue 28): the worker (projections, mail and SMS, order expiry)
// and the API (requests only: PROJECTIONS=off, MAIL_WORKER=off) as two processes, started and stopped together.
// Without DATABASE_URL an embedded PostgreSQL under DATA_DIR/pg is started here first and both use it.
// The worker starts first: it migrates, seeds the demo store and brings the read models up to date, so the shop
// the API then opens already shows its catalog. Ctrl-C or SIGTERM stops the API, then the worker, then the
// database; if either process ends on its own, the other is stopped and `npm start` exits with its code.
import { spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { withStoreNodeFlags } from './node-flags.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const build = spawnSync(process.execPath, [join(root, 'scripts', 'ensure-built.mjs')], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const env = { ...process.env };
// The V8 flags production runs the API and the worker with (scripts/node-flags.mjs).
env.NODE_OPTIONS = withStoreNodeFlags(env.NODE_OPTIONS);
// The worker's own health and metrics port is opt-in here: several stores on one machine must not collide.
env.WORKER_PORT ??= '0';
let database;
if (!env.DATABASE_URL) {
  const { startEmbeddedPostgres } = createRequire(import.meta.url)(join(root, 'dist', 'server', 'config', 'embedded-postgres.js'));
  database = await startEmbeddedPostgres({ dataDir: join(resolve(root, env.DATA_DIR ?? '.data'), 'pg'), database: 'store' });
  env.DATABASE_URL = database.url;
}

const children = new Map();
let stopping = false;

/** Runs a built entry point; resolves once `ready` matches a line of its output (its output is passed on whole). */
function run(name, file, extra, ready) {
  return new Promise((resolveReady, rejectReady) => {
    const child = spawn(process.execPath, [join(root, 'dist', 'server', file)], { cwd: root, env: { ...env, ...extra }, stdio: ['ignore', 'pipe', 'pipe'] });
    children.set(name, child);
    let seen = false;
    let partial = '';
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      if (seen) return;
      const lines = (partial + chunk.toString()).split('\n');
      partial = lines.pop() ?? '';
      if (lines.some((line) => ready.test(line))) {
        seen = true;
        resolveReady();
      }
    });
    child.stderr.on('data', (chunk) => process.stderr.write(chunk));
    child.on('exit', (code, signal) => {
      children.delete(name);
      if (!seen) rejectReady(new Error(`${name} exited (${code ?? signal}) before it was ready`));
      if (!stopping) {
        process.stderr.write(`${name} exited (${code ?? signal}); stopping the store\n`);
        void stop(code === 0 ? 1 : (code ?? 1));
      }
    });
  });
}

/** The API first (it stops taking requests), then the worker (its batches end), then the database. */
async function stop(code) {
  if (stopping) return;
  stopping = true;
  for (const name of ['api', 'worker']) {
    const child = children.get(name);
    if (!child) continue;
    await new Promise((done) => {
      child.once('exit', done);
      child.kill('SIGTERM');
    });
  }
  await database?.stop().catch(() => undefined);
  process.exit(code);
}
// Whatever ends this process, no child outlives it.
process.on('exit', () => {
  for (const child of children.values()) child.kill('SIGKILL');
});
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));

try {
  await run('worker', 'worker.js', {}, /Worker running/);
  await run('api', 'main.js', { PROJECTIONS: 'off', MAIL_WORKER: 'off' }, /./);
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  await stop(1);
}
