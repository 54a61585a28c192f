#!/usr/bin/env node
/**
 * `npm run check`: the fast checks, before any test (ADR 054).
 * - tsc over the server, contracts, tests and benchmarks (tsconfig.json) and over the client (client/tsconfig.json);
 * - ESLint over the whole repository (eslint.config.mjs);
 * - dependency-cruiser with the boundaries of ADR 040 (.dependency-cruiser.cjs).
 * Two steps run at a time (this machine has 2 cores), longest first. Each step's output is printed whole when it
 * ends, with its time; the check fails when any step fails. tsc and ESLint keep caches under
 * node_modules/.cache/check, so a second run on a working tree only checks what changed (a fresh clone, as in
 * CI, checks everything).
 */
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (path) => resolve(root, 'node_modules', path);
const cache = 'node_modules/.cache/check';

const steps = [
  {
    name: 'tsc (server, contracts, tests, benchmarks)',
    args: [bin('typescript/bin/tsc'), '--noEmit', '-p', 'tsconfig.json', '--incremental', '--tsBuildInfoFile', `${cache}/server.tsbuildinfo`],
  },
  {
    name: 'eslint',
    args: [bin('eslint/bin/eslint.js'), '.', '--max-warnings', '0', '--cache', '--cache-strategy', 'content', '--cache-location', `${cache}/eslint`],
  },
  {
    name: 'tsc (client)',
    args: [bin('typescript/bin/tsc'), '--noEmit', '-p', 'client/tsconfig.json', '--incremental', '--tsBuildInfoFile', `${cache}/client.tsbuildinfo`],
  },
  {
    name: 'dependency-cruiser (ADR 040 boundaries)',
    args: [bin('dependency-cruiser/bin/dependency-cruise.mjs'), '--config', '.dependency-cruiser.cjs', 'server', 'client/src', 'contracts'],
  },
];

/** Runs one step; resolves with its exit code, time and whole output. */
function run(step) {
  const started = Date.now();
  const child = spawn(process.execPath, step.args, { cwd: root, env: { ...process.env, FORCE_COLOR: '0' }, stdio: ['ignore', 'pipe', 'pipe'] });
  const output = [];
  child.stdout.on('data', (chunk) => output.push(chunk));
  child.stderr.on('data', (chunk) => output.push(chunk));
  return new Promise((done) => {
    child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (code, signal) => done({ ...step, code: code ?? (signal ? 1 : 0), seconds: (Date.now() - started) / 1000, output: Buffer.concat(output) }));
  });
}

const started = Date.now();
const queue = [...steps];
const results = [];
async function worker() {
  for (let step = queue.shift(); step; step = queue.shift()) {
    const result = await run(step);
    results.push(result);
    const verdict = result.code === 0 ? 'passed' : `FAILED (exit ${result.code})`;
    process.stdout.write(`\n== ${result.name}: ${verdict} in ${result.seconds.toFixed(1)} s\n`);
    const text = result.output.toString().trim();
    if (text) process.stdout.write(`${text}\n`);
  }
}
await Promise.all(Array.from({ length: Math.min(2, availableParallelism(), steps.length) }, worker));

const failed = results.filter((result) => result.code !== 0);
const seconds = ((Date.now() - started) / 1000).toFixed(1);
process.stdout.write(`\nnpm run check: ${failed.length === 0 ? 'passed' : `FAILED: ${failed.map((result) => result.name).join(', ')}`} in ${seconds} s\n`);
process.exit(failed.length === 0 ? 0 : 1);
