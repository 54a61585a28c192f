// Builds the server (tsc) and the client (vite) when their output is missing or older than the sources,
// so `npm start` works on a fresh clone and stays fast on the next start.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    // The check's own test plants files for a moment in `zz-check-sandbox-*` folders (test/architecture/check.spec.ts):
    // they are never part of a build, and a build started because of one would find it gone halfway.
    if (entry === 'node_modules' || entry.startsWith('.') || entry.startsWith('zz-check-sandbox-')) continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

function stale(output, sources) {
  const built = existsSync(output) ? statSync(output).mtimeMs : 0;
  return built === 0 || sources.some((source) => newestMtime(join(root, source)) > built);
}

function run(label, command, args) {
  const started = Date.now();
  process.stdout.write(`Building ${label}...\n`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    process.stderr.write(`Building ${label} failed.\n`);
    process.exit(result.status ?? 1);
  }
  process.stdout.write(`Built ${label} in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
}

const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
const vite = join(root, 'node_modules', 'vite', 'bin', 'vite.js');

if (stale(join(root, 'dist', 'server', 'main.js'), ['server', 'contracts', 'bench', 'test/support', 'tsconfig.json', 'tsconfig.build.json'])) {
  run('the server', process.execPath, [tsc, '-p', 'tsconfig.build.json']);
}
// `--server`: a command that runs only server code (npm run docs:api) needs no client build.
if (!process.argv.includes('--server') && stale(join(root, 'dist', 'client', 'index.html'), ['client', 'contracts', 'package-lock.json'])) {
  run('the client', process.execPath, [vite, 'build', '--config', 'client/vite.config.mts', '--logLevel', 'warn']);
}
// The server's renderer of the storefront's first HTML (issue 33): the same client code, built for Node.
if (!process.argv.includes('--server') && stale(join(root, 'dist', 'ssr', 'entry-server.cjs'), ['client', 'contracts', 'package-lock.json'])) {
  run('the page renderer', process.execPath, [vite, 'build', '--ssr', 'src/entry-server.tsx', '--config', 'client/vite.config.mts', '--logLevel', 'warn']);
}
