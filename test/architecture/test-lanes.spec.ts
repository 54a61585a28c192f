import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { testLanes } from '../../scripts/test-lanes.mjs';

const ROOT = resolve(__dirname, '../..');
// The suites jest finds: jest.config.js's roots, and its testMatch globs (each `**/*.<kind>.ts`) as file endings.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const config = require('../../jest.config.js') as { roots: string[]; testMatch: string[] };
const ROOTS = config.roots.map((root) => root.replace('<rootDir>/', ''));
const ENDINGS = config.testMatch.map((glob) => glob.replace('**/*', ''));
const isSuite = (name: string) => ENDINGS.some((ending) => name.endsWith(ending));

function suites(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'node_modules') return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return suites(path);
    return isSuite(entry.name) ? [path] : [];
  });
}

/** The lanes a suite runs in, read the way jest reads a lane's arguments: any of its paths, none of its ignored. */
function lanesOf(file: string): string[] {
  return testLanes()
    .filter((lane) => (lane.paths.length === 0 || lane.paths.some((path) => new RegExp(path).test(file))) && !lane.ignore.some((path) => new RegExp(path).test(file)))
    .map((lane) => lane.name);
}

describe("npm test's lanes (scripts/test-lanes.mjs)", () => {
  const all = ROOTS.flatMap((root) => suites(join(ROOT, root)));

  it('run every suite, each in exactly one lane', () => {
    expect(all.length).toBeGreaterThan(150);
    const notOnce = all.map((file) => ({ file: file.slice(ROOT.length + 1), lanes: lanesOf(file) })).filter(({ lanes }) => lanes.length !== 1);
    expect(notOnce).toEqual([]);
  });

  it('name no suite that does not exist, so a renamed one cannot fall into the catch-all lane unnoticed', () => {
    const named = testLanes().flatMap((lane) => [...lane.paths, ...lane.ignore]).filter((pattern) => pattern.endsWith('\\.ts$'));
    const unmatched = named.filter((pattern) => !all.some((file) => new RegExp(pattern).test(file)));
    expect(unmatched).toEqual([]);
  });

  it('let only the first lane use the PostgreSQL of DATABASE_URL', () => {
    expect(testLanes().filter((lane) => lane.sharedDatabase).map((lane) => lane.name)).toEqual(['browser']);
  });
});
