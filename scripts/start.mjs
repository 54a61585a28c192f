// `npm start`: build what is missing, then run the server in this process so signals reach it directly.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const build = spawnSync(process.execPath, [join(here, 'ensure-built.mjs')], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
await import(join(here, '..', 'dist', 'server', 'main.js'));
