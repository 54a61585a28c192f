#!/usr/bin/env node
/**
 * `npm test`: every suite, in five jest processes side by side, each running its suites one at a time
 * (--runInBand, so its global teardown still sees a handle a suite left open), after the server, the client and
 * the page renderer are built once (scripts/ensure-built.mjs). The run is CPU-bound on this 2-core machine, so
 * the lanes (scripts/test-lanes.mjs) are cut to take about the same time (ADR 046): two browser lanes with a
 * Chromium each, one of load and security suites, two of API suites and the specs beside the code. Only the first
 * runs on DATABASE_URL when set; the others on an embedded PostgreSQL each.
 * Suites copy their databases from templates made once per lane (test/support/test-database.ts) and hash
 * passwords at a test-only cost (ADR 046). Each lane's output is printed whole when it ends; meanwhile one line
 * per suite says how far it is. At the end, the suites that cost most CPU (test/support/cpu-reporter.js counts
 * each suite's CPU seconds over its lane's process tree); every lane's output, jest's JSON report of it and the
 * CPU figures stay in .data/test-runs/.
 *
 * `npm test -- <jest arguments>` (a path, -t "name" ...) runs one jest process with them.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { laneArguments, testLanes } from './test-lanes.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** Each lane's whole output and jest's report of it, kept after the run (.data/ is never committed). */
const RUNS = join(ROOT, '.data', 'test-runs');

const jest = fileURLToPath(new URL('../node_modules/jest/bin/jest.js', import.meta.url));
const args = process.argv.slice(2);

if (args.length > 0) {
  const child = spawn(process.execPath, [jest, '--runInBand', ...args], { stdio: 'inherit', env: { ...process.env, STORE_TEST_SHARE_BROWSER: '1' } });
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
} else {
  const { DATABASE_URL: _sharedServer, ...ownServer } = process.env;
  // Built once before any suite: a suite that found dist/ stale would build it inside its own time limit.
  const built = spawnSync(process.execPath, [fileURLToPath(new URL('./ensure-built.mjs', import.meta.url))], { stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
  const lanes = testLanes().map((lane) => ({
    name: lane.name,
    args: laneArguments(lane),
    env: { ...(lane.sharedDatabase ? process.env : ownServer), ...(lane.sharedBrowser ? { STORE_TEST_SHARE_BROWSER: '1' } : {}) },
  }));
  rmSync(RUNS, { recursive: true, force: true });
  mkdirSync(RUNS, { recursive: true });
  const started = Date.now();
  const results = await Promise.all(lanes.map((lane) => run(lane)));
  // The suites that cost most CPU (the run is CPU-bound), so the next cut starts where the time goes.
  const suites = results.flatMap(({ name, suites: laneSuites }) => laneSuites.map((suite) => ({ lane: name, ...suite })));
  const costliest = suites.sort((a, b) => (b.cpuSeconds ?? b.seconds) - (a.cpuSeconds ?? a.seconds));
  const cpuTotal = suites.reduce((sum, suite) => sum + (suite.cpuSeconds ?? 0), 0);
  process.stdout.write(`\nnpm test: ${Math.round(cpuTotal)} CPU seconds in the suites; the costliest (all in ${relative(ROOT, RUNS)}/, each lane's output in *.log)\n`);
  for (const suite of costliest.slice(0, 25)) {
    const cpuText = suite.cpuSeconds == null ? '' : `${suite.cpuSeconds.toFixed(1).padStart(6)} CPU-s `;
    process.stdout.write(`  ${cpuText}${suite.seconds.toFixed(1).padStart(6)} s  ${suite.status === 'passed' ? '' : 'FAILED '}${suite.file}  [${suite.lane}]\n`);
  }
  const seconds = Math.round((Date.now() - started) / 1000);
  for (const { name, code, seconds: laneSeconds } of results) {
    process.stdout.write(`npm test: ${name}: ${code === 0 ? 'passed' : `failed (exit ${code})`} in ${laneSeconds} s\n`);
  }
  process.stdout.write(`npm test: ${seconds} s in all\n`);
  process.exit(results.every((result) => result.code === 0) ? 0 : 1);
}

/**
 * A lane's suites, how long each took (jest's --json report) and the CPU seconds its process tree spent meanwhile
 * (test/support/cpu-reporter.js); none when jest wrote no report.
 */
function suitesOf(report, cpuReport) {
  const cpu = new Map();
  try {
    for (const line of readFileSync(cpuReport, 'utf8').split('\n').filter(Boolean)) {
      const { file, cpuSeconds } = JSON.parse(line);
      cpu.set(file, cpuSeconds);
    }
  } catch {
    // no CPU figures (no /proc): wall time only
  }
  try {
    const { testResults } = JSON.parse(readFileSync(report, 'utf8'));
    return testResults.map((suite) => ({
      file: relative(ROOT, suite.name),
      status: suite.status,
      seconds: (suite.endTime - suite.startTime) / 1000,
      cpuSeconds: cpu.get(suite.name) ?? null,
    }));
  } catch {
    return [];
  }
}

/** Runs one lane; prints its suites' PASS/FAIL lines as they come and its whole output when it ends. */
function run({ name, args: laneArgs, env }) {
  const started = Date.now();
  const stem = join(RUNS, name.replace(/[^a-z0-9]+/gi, '-'));
  const report = `${stem}.json`;
  const cpu = `${stem}.cpu.jsonl`;
  // Last: --reporters takes every value after it, and the lane's arguments start with paths.
  const reporters = ['--reporters=default', `--reporters=${join(ROOT, 'test/support/cpu-reporter.js')}`];
  const child = spawn(process.execPath, [jest, '--runInBand', '--json', `--outputFile=${report}`, ...laneArgs, ...reporters], {
    env: { ...env, FORCE_COLOR: '0', STORE_TEST_CPU_REPORT: cpu },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = [];
  let partial = '';
  const collect = (chunk) => {
    output.push(chunk);
    const lines = (partial + chunk.toString()).split('\n');
    partial = lines.pop();
    for (const line of lines) if (/^(PASS|FAIL) /.test(line)) process.stdout.write(`[${name}] ${line}\n`);
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      process.stdout.write(`\n===== ${name} =====\n`);
      process.stdout.write(Buffer.concat(output));
      writeFileSync(`${stem}.log`, Buffer.concat(output));
      resolve({ name, code: code ?? (signal ? 1 : 0), seconds: Math.round((Date.now() - started) / 1000), suites: suitesOf(report, cpu) });
    });
  });
}
