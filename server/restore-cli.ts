import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { runFileCli } from './cli';
import { rebuildAfterRestore, restoreStore, RestoreRefused } from './database/backup/store-backup';
import { ProjectionRunner } from './event-store/projection-runner';
import { MAIL_SUBSCRIPTION_NAME } from './mail/subscription/mail-subscription';

/**
 * `npm run restore -- --in <file>`: loads a backup written by `npm run backup` into an empty database (it
 * refuses one that holds any event or account), then rebuilds every read model from the events alone. Stop
 * the store first, or point DATABASE_URL at a new database. Personal fields stay readable only with the
 * PERSONAL_DATA_KEY the backup's store used. ADR 052.
 */
runFileCli('in', 'usage: npm run restore -- --in <file>', 'restore failed', async (file, app) => {
  const dataSource = app.get(DataSource);
  const started = Date.now();
  try {
    const summary = await restoreStore(dataSource, file);
    process.stdout.write(`restored ${summary.events.toLocaleString('en')} events and ${Object.values(summary.rows).reduce((a, b) => a + b, 0)} state rows\n`);
  } catch (error) {
    if (!(error instanceof RestoreRefused)) throw error;
    process.stderr.write(`restore refused: ${error.message}\n`);
    return 1;
  }
  const results = await rebuildAfterRestore(dataSource, app.get(ProjectionRunner), [MAIL_SUBSCRIPTION_NAME], (progress) => {
    if (progress.phase === 'swapped') process.stdout.write(`rebuilt ${progress.projection}\n`);
  });
  const events = results.reduce((sum, result) => sum + result.processed, 0);
  process.stdout.write(`restore done: ${results.length} read models rebuilt (${events.toLocaleString('en')} events applied) in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  return 0;
});
