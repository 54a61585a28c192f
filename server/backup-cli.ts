import 'reflect-metadata';
import { runFileCli } from './cli';
import { backupToFile } from './restore';

/**
 * `npm run backup -- --out <file>`: writes the store's event log, the tables that are state (accounts, the
 * personal-data key table ...) and the pictures under DATA_DIR/uploads to a gzipped file, streamed, from one
 * consistent snapshot while the store keeps serving. With the embedded database it attaches to the one the
 * running store started. ADR 052.
 */
runFileCli('out', 'usage: npm run backup -- --out <file>', 'backup failed', async (file, app) => {
  const started = Date.now();
  const summary = await backupToFile(app, file);
  const rows = Object.entries(summary.rows).map(([table, count]) => `${table} ${count}`).join(', ');
  process.stdout.write(
    `backup written to ${file}: ${summary.events.toLocaleString('en')} events; ${rows}; ${summary.files ?? 0} files (${((Date.now() - started) / 1000).toFixed(1)} s)\n`,
  );
  return 0;
});
