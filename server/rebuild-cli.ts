import 'reflect-metadata';
import { runCli, withCliApplication } from './cli';
import { ProjectionRegistry } from './event-store/projection-registry';
import { ProjectionRunner } from './event-store/projection-runner';
import type { RebuildProgress } from './event-store/projection-rebuilder';

/**
 * `npm run rebuild -- <projection> | --all`: rebuilds read models from the event log into fresh tables and
 * swaps them in, while a running store keeps serving the old ones. Prints a progress bar, then the count
 * and time. With the embedded database it attaches to the one the running store started.
 */
const USAGE = 'usage: npm run rebuild -- <projection> | --all   (npm run rebuild -- --list shows the projections)';
const BAR_WIDTH = 30;

async function main(): Promise<number> {
  const target = process.argv[2];
  if (!target) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  return withCliApplication(async (app) => {
    const names = app.get(ProjectionRegistry).list().map((projection) => projection.name);
    if (target === '--list') {
      process.stdout.write(`${names.join('\n')}\n`);
      return 0;
    }
    const chosen = target === '--all' ? names : [target];
    const unknown = chosen.filter((name) => !names.includes(name));
    if (unknown.length > 0) {
      process.stderr.write(`unknown projection: ${unknown.join(', ')}\nprojections: ${names.join(', ')}\n`);
      return 2;
    }
    const runner = app.get(ProjectionRunner);
    let total = 0;
    const started = Date.now();
    for (const name of chosen) {
      const result = await runner.rebuild(name, { onProgress: progressPrinter() });
      total += result.processed;
      process.stdout.write(
        `\n${name}: ${result.processed.toLocaleString('en')} events in ${(result.durationMs / 1000).toFixed(1)} s ` +
          `(${result.eventsPerSecond.toLocaleString('en')} events/s)\n`,
      );
    }
    if (chosen.length > 1) {
      process.stdout.write(`all ${chosen.length} projections: ${total.toLocaleString('en')} events in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
    }
    return 0;
  });
}

/** A bar redrawn in place on a terminal; a line per 10% elsewhere (CI logs). */
function progressPrinter(): (progress: RebuildProgress) => void {
  let lastTenth = -1;
  return (progress) => {
    const fraction = progress.target > 0n ? Math.min(1, Number(progress.position) / Number(progress.target)) : 1;
    const filled = Math.round(fraction * BAR_WIDTH);
    const line = `${progress.projection.padEnd(20)} [${'#'.repeat(filled)}${' '.repeat(BAR_WIDTH - filled)}] ${String(Math.round(fraction * 100)).padStart(3)}%  ${progress.processed.toLocaleString('en')} events`;
    if (process.stdout.isTTY) {
      process.stdout.write(`\r${line}`);
    } else if (Math.floor(fraction * 10) > lastTenth) {
      lastTenth = Math.floor(fraction * 10);
      process.stdout.write(`${line}\n`);
    }
  };
}

runCli('rebuild failed', main);
