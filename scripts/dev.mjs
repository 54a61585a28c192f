// `npm run dev`: the server recompiled and restarted on change, and Vite's dev server with hot reload
// (proxying /api to the server). Ctrl-C stops all three.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (pkg, file) => join(root, 'node_modules', pkg, file);
const children = [];

function start(name, args, env = {}) {
  const child = spawn(process.execPath, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  child.on('exit', (code) => {
    if (!stopping) {
      process.stderr.write(`${name} exited with ${code}; stopping the others\n`);
      stop(code ?? 1);
    }
  });
  children.push(child);
}

let stopping = false;
function stop(code = 0) {
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 500).unref();
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

start('tsc', [bin('typescript', 'bin/tsc'), '-w', '--preserveWatchOutput', '-p', 'tsconfig.build.json']);
const waitForBuild = setInterval(() => {
  if (!existsSync(join(root, 'dist', 'server', 'main.js'))) return;
  clearInterval(waitForBuild);
  start('server', ['--watch-path=dist/server', join(root, 'dist', 'server', 'main.js')]);
  start('vite', [bin('vite', 'bin/vite.js'), '--config', 'client/vite.config.mts']);
}, 500);
