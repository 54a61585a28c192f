import type { INestApplicationContext } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from './config/app-config';
import { backupStore, type BackupSummary, rebuildAfterRestore, restoreStore } from './database/backup/store-backup';
import { ProjectionRunner } from './event-store/projection-runner';
import { OutboxChannels } from './outbox/outbox-channels';

/**
 * What `npm run restore` does with the store's application (ADR 052): the backup loaded into the empty database
 * and its pictures into DATA_DIR/uploads — refused first when the database is not empty or the backup was sealed
 * under another personal-data master key — then every read model rebuilt and every subscription that reaches
 * customers moved to the end of the restored log. Those subscriptions are the channels registered with
 * OutboxChannels (mail, SMS, and whatever registers next), never a list kept here.
 * Throws RestoreRefused, having changed nothing, when it refuses.
 */
export async function restoreFromBackup(
  app: INestApplicationContext,
  file: string,
  onProgress?: (progress: { projection: string; phase: string }) => void,
): Promise<{ summary: BackupSummary; rebuilt: Array<{ projection: string; processed: number }>; subscriptionsMoved: string[] }> {
  const dataSource = app.get(DataSource);
  const config = app.get<AppConfig>(APP_CONFIG);
  const subscriptions = app.get(OutboxChannels).subscriptions();
  // An application without its message channels would restore a store that messages everyone again.
  if (subscriptions.length === 0) throw new Error('no message channel is registered with OutboxChannels: the restore cannot tell which subscriptions to move');
  const summary = await restoreStore(dataSource, file, {
    uploadsDir: config.uploadsDir,
    personalData: { masterSecret: config.personalDataKey, setting: config.personalDataKeySetting },
  });
  const rebuilt = await rebuildAfterRestore(dataSource, app.get(ProjectionRunner), subscriptions, onProgress);
  return { summary, rebuilt, subscriptionsMoved: subscriptions };
}

/** What `npm run backup` does with the store's application: the log, the state tables and the uploads folder. */
export function backupToFile(app: INestApplicationContext, file: string): Promise<BackupSummary> {
  const config = app.get<AppConfig>(APP_CONFIG);
  return backupStore(app.get(DataSource), file, {
    uploadsDir: config.uploadsDir,
    personalData: { masterSecret: config.personalDataKey, setting: config.personalDataKeySetting },
  });
}
