import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * The load and fault suites run in two sizes: short inside `npm test` (CI), full with `npm run test:load`
 * (LOAD_PROFILE=full). Each suite picks its numbers with `sized(short, full)`.
 */
export const LOAD_PROFILE: 'short' | 'full' = process.env.LOAD_PROFILE === 'full' ? 'full' : 'short';

export function sized<T>(short: T, full: T): T {
  return LOAD_PROFILE === 'full' ? full : short;
}

const REPO_ROOT = resolve(__dirname, '../../..');

/**
 * Keeps a scenario's figures: the full run's in bench/results/reliability/ (committed, quoted by
 * docs/reliability.md), the short run's under .data/ (not committed).
 */
export function recordFigures(scenario: string, figures: Record<string, unknown>): void {
  const dir = LOAD_PROFILE === 'full' ? join(REPO_ROOT, 'bench/results/reliability') : join(REPO_ROOT, '.data/reliability');
  mkdirSync(dir, { recursive: true });
  const record = { scenario, profile: LOAD_PROFILE, date: new Date().toISOString(), ...figures };
  writeFileSync(join(dir, `${scenario}.json`), `${JSON.stringify(record, null, 2)}\n`);
  process.stdout.write(`${scenario} (${LOAD_PROFILE}): ${JSON.stringify(figures)}\n`);
}
