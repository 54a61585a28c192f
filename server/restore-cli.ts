import 'reflect-metadata';
import { runFileCli } from './cli';
import { RestoreRefused } from './database/backup/store-backup';
import { restoreFromBackup } from './restore';

/**
 * `npm run restore -- --in <file>`: loads a backup written by `npm run backup` into an empty database (it
 * refuses one that holds any event or account, and a backup sealed under another PERSONAL_DATA_KEY or
 * JWT_SECRET, before changing anything), puts its pictures back under DATA_DIR/uploads, rebuilds every read
 * model from the events alone and moves every message channel's subscription to the end of the log, so no
 * customer hears again of what the backup holds. Stop the store first, or point DATABASE_URL at a new
 * database. ADR 052.
 */
runFileCli('in', 'usage: npm run restore -- --in <file>', 'restore failed', async (file, app) => {
  const started = Date.now();
  try {
    const { summary, rebuilt, subscriptionsMoved } = await restoreFromBackup(app, file, (progress) => {
      if (progress.phase === 'swapped') process.stdout.write(`rebuilt ${progress.projection}\n`);
    });
    const events = rebuilt.reduce((sum, result) => sum + result.processed, 0);
    process.stdout.write(
      `restored ${summary.events.toLocaleString('en')} events, ${Object.values(summary.rows).reduce((a, b) => a + b, 0)} state rows and ${summary.files ?? 0} files\n`,
    );
    process.stdout.write(`moved to the end of the log, sending nothing for restored events: ${subscriptionsMoved.join(', ')}\n`);
    process.stdout.write(`restore done: ${rebuilt.length} read models rebuilt (${events.toLocaleString('en')} events applied) in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
    return 0;
  } catch (error) {
    if (!(error instanceof RestoreRefused)) throw error;
    process.stderr.write(`restore refused: ${error.message}\n`);
    return 1;
  }
});
