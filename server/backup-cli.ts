import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { DataSource } from 'typeorm';
import { runCli, withCliApplication } from './cli';
import { backupStore } from './database/backup/store-backup';

/**
 * `npm run backup -- --out <file>`: writes the store's event log and the tables that are state (accounts, the
 * personal-data key table ...) to a gzipped file, streamed, from one consistent snapshot while the store keeps
 * serving. With the embedded database it attaches to the one the running store started. ADR 052.
 */
const USAGE = 'usage: npm run backup -- --out <file>';

async function main(): Promise<number> {
  const { values } = parseArgs({ args: process.argv.slice(2), options: { out: { type: 'string' }, help: { type: 'boolean' } } });
  if (values.help || !values.out) {
    process.stderr.write(`${USAGE}\n`);
    return values.help ? 0 : 2;
  }
  const file = values.out;
  return withCliApplication(async (app) => {
    const started = Date.now();
    const summary = await backupStore(app.get(DataSource), file);
    const rows = Object.entries(summary.rows).map(([table, count]) => `${table} ${count}`).join(', ');
    process.stdout.write(`backup written to ${file}: ${summary.events.toLocaleString('en')} events; ${rows} (${((Date.now() - started) / 1000).toFixed(1)} s)\n`);
    return 0;
  });
}

runCli('backup failed', main);
