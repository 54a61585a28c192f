import { benchProductionEnv } from './support/production-env';
import autocannon from 'autocannon';
import { ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { findFreePort } from '../server/config/embedded-postgres';
import { areaIndex } from '../server/catalog/areas/area-index';
import { freshDatabase } from './support/fresh-database';
import { machine } from './support/machine';
import { runBenchmark, resultsFile, writeResults } from './support/results';

/**
 * The address picker's search (issue 30, ADR 059): `GET /api/public/areas?q=` over HTTP against the demo store
 * as shipped (after a 5-second warm-up on whole names), with what shoppers type: the first 2, 3 and 4 letters
 * of every district, upazila and city thana, in English and in Bengali (about 2,900 different texts, so most answers are
 * computed, not served from kept answers, in the first pass), 500 requests a second over 16 connections. Also the index alone, in this
 * process: every one of those texts searched once. Bar: p99 under 20 ms over HTTP.
 */
const CONNECTIONS = 16;
/**
 * Requests per second offered: far above what shoppers typing into checkout ask of one store (each keystroke
 * after the second is one request), and below what the 2 shared cores answer at saturation, where p99 would
 * measure the queue, not the search.
 */
const RATE = Number(process.env.BENCH_RATE ?? 500);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const BAR = { p99Ms: 20 };
const RESULTS_FILE = resultsFile('areas.json');
const ROOT = resolve(__dirname, '../..');

let failed = false;

/** What shoppers type: the first 2, 3 and 4 letters of every name, English and Bengali (`whole`: the whole names). */
function typedTexts(whole = false): string[] {
  const texts = new Set<string>();
  for (const area of areaIndex().all()) {
    for (const name of [area.name, area.nameBn]) {
      const letters = [...name];
      if (whole) texts.add(name);
      else for (const length of [2, 3, 4]) if (letters.length > length) texts.add(letters.slice(0, length).join(''));
    }
  }
  // Spread the texts so consecutive requests are different prefixes, not one name's letters in a row.
  return [...texts].sort((a, b) => hash(a) - hash(b));
}

function hash(text: string): number {
  let value = 2166136261;
  for (const char of text) value = Math.imul(value ^ char.codePointAt(0)!, 16777619) >>> 0;
  return value;
}

async function startStore(env: Record<string, string>, readyUrl: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['dist/server/main.js'], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-4000)));
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the store exited with ${child.exitCode}:\n${errors}`);
    if (await fetch(readyUrl).then((response) => response.ok, () => false)) return child;
    await new Promise((wait) => setTimeout(wait, 250));
  }
  child.kill('SIGTERM');
  throw new Error(`the store did not answer ${readyUrl} within 120 s:\n${errors}`);
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function main(): Promise<void> {
  const texts = typedTexts();
  // The index alone: every text once, after one warm-up pass.
  for (const text of texts) areaIndex().search(text);
  const timings = texts.map((text) => {
    const started = performance.now();
    areaIndex().search(text);
    return performance.now() - started;
  });
  timings.sort((a, b) => a - b);
  const inProcess = { searches: texts.length, p50Ms: round(percentile(timings, 50)), p99Ms: round(percentile(timings, 99)), maxMs: round(timings[timings.length - 1]!) };
  process.stdout.write(`index alone: ${JSON.stringify(inProcess)}\n`);

  const database = await freshDatabase('bench_areas');
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-areas-'));
  let child: ChildProcess | null = null;
  try {
    const port = await findFreePort();
    const origin = `http://127.0.0.1:${port}`;
    child = await startStore(
      { DATABASE_URL: database.url, ...benchProductionEnv(origin, { demo: true }), LOG_LEVEL: 'warn', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir },
      `${origin}/api/health`,
    );
    const check = (await (await fetch(`${origin}/api/public/areas?q=dhan`)).json()) as { data?: Array<{ id: string }> };
    if (check.data?.[0]?.id !== 't-12') throw new Error(`the store's area search answered ${JSON.stringify(check).slice(0, 200)}`);
    // Warm-up, not measured: the demo store's projections settle and the JIT compiles, on the whole names.
    const warm = typedTexts(true).map((text) => `/api/public/areas?q=${encodeURIComponent(text)}`);
    let warmTurn = 0;
    await autocannon({ url: origin, connections: CONNECTIONS, duration: 5, overallRate: RATE, requests: [{ setupRequest: (request) => ({ ...request, path: warm[warmTurn++ % warm.length]! }) }] });
    const paths = texts.map((text) => `/api/public/areas?q=${encodeURIComponent(text)}`);
    let turn = 0;
    const loadBefore = loadavg()[0]!;
    const result = await autocannon({
      url: origin,
      connections: CONNECTIONS,
      duration: SECONDS,
      overallRate: RATE,
      headers: { 'accept-encoding': 'gzip, br' },
      requests: [{ setupRequest: (request) => ({ ...request, path: paths[turn++ % paths.length]! }) }],
    });
    const overHttp = {
      requests: result.requests.total,
      distinctTexts: paths.length,
      firstPassCompleted: result.requests.total >= paths.length,
      requestsPerSecond: Math.round(result.requests.average),
      p50Ms: result.latency.p50,
      p99Ms: result.latency.p99,
      maxMs: result.latency.max,
      non2xx: result.non2xx,
      errors: result.errors,
    };
    // A control at the same rate: the store's cached settings answer (no search at all). When its p99 is as high
    // as the search's, the tail is the machine's (2 shared cores), not the search's.
    // The control's paths rotate through the same texts (a query the settings call ignores), so the load tool does the same work per request.
    const controlPaths = texts.map((text) => `/api/public/settingRow?q=${encodeURIComponent(text)}`);
    let controlTurn = 0;
    const control = await autocannon({
      url: origin,
      connections: CONNECTIONS,
      duration: SECONDS,
      overallRate: RATE,
      headers: { 'accept-encoding': 'gzip, br' },
      requests: [{ setupRequest: (request) => ({ ...request, path: controlPaths[controlTurn++ % controlPaths.length]! }) }],
    });
    const controlRun = { path: '/api/public/settingRow', requestsPerSecond: Math.round(control.requests.average), p50Ms: control.latency.p50, p99Ms: control.latency.p99, maxMs: control.latency.max };
    process.stdout.write(`control: ${JSON.stringify(controlRun)}\n`);
    const pass = overHttp.p99Ms < BAR.p99Ms && overHttp.non2xx === 0 && overHttp.errors === 0;
    failed = !pass;
    process.stdout.write(`over HTTP: ${JSON.stringify(overHttp)} ${pass ? 'PASS' : 'FAIL'}\n`);
    writeResults(RESULTS_FILE, {
      date: new Date().toISOString(),
      machine: machine(database.serverVersion),
      // The 1-minute load average of the machine (2 cores, shared with other work) before and after the measured run.
      loadAverage: { before: Math.round(loadBefore * 100) / 100, after: Math.round(loadavg()[0]! * 100) / 100 },
      areas: areaIndex().size,
      load: { connections: CONNECTIONS, requestsPerSecondOffered: RATE, seconds: SECONDS, tool: 'autocannon', compressed: 'gzip or br accepted' },
      note: 'Texts are 2-, 3- and 4-letter prefixes of every area name in English and Bengali; answers are kept per text after their first computation and dropped when the settings change. The index alone: every text searched once in this process.',
      bar: BAR,
      indexAlone: inProcess,
      overHttp,
      control: controlRun,
      pass,
    });
  } finally {
    child?.kill('SIGTERM');
    await new Promise((wait) => setTimeout(wait, 500));
    await database.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const round = (ms: number) => Math.round(ms * 1000) / 1000;

runBenchmark(main, () => failed);
