import { Inject, Injectable } from '@nestjs/common';
import { readdir, readFile, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { EntityManager } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { OutboxChannels } from './outbox-channels';
import { isSpareOutboxFile } from './outbox-files';

/**
 * What the message channels keep about a person, forgotten when they are erased (issue 21): the recipient of
 * their deliveries and the keyed name their budget counted them under (issue 27), and the files the file transports wrote without SMTP_URL or SMS_URL (`DATA_DIR/mail/*.eml`,
 * `DATA_DIR/sms/*.json`) — those of their events, and any that names them. Messages already in people's
 * mailboxes and phones are beyond the store's reach.
 */
@Injectable()
export class OutboxErasure {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly channels: OutboxChannels,
  ) {}

  async forget(manager: EntityManager, person: { eventIds: string[]; emails: string[]; terms: string[] }): Promise<number> {
    const terms = person.terms.filter((term) => term.length >= 4).map((term) => term.toLowerCase());
    let removed = 0;
    // Every registered channel: its deliveries table and, without a gateway, its files.
    for (const { channel, files } of this.channels.list()) {
      const { table } = channel;
      await manager.query(
        `UPDATE ${table} SET recipient = NULL, budget_key = NULL
          WHERE event_id = ANY($1::uuid[]) OR source_event_id = ANY($1::uuid[]) OR lower(recipient) = ANY($2::text[])`,
        [person.eventIds, person.emails.map((email) => email.toLowerCase())],
      );
      if (!files) continue;
      const directory = join(this.config.dataDir, files.folder);
      const names = await readdir(directory).catch(() => [] as string[]);
      // A spare (a rotated-out file kept for reuse) still holds its old message.
      for (const name of names.filter((file) => file.endsWith(files.extension) || isSpareOutboxFile(file))) {
        const path = join(directory, name);
        const byEvent = person.eventIds.some((id) => name.includes(id));
        const text = byEvent ? '' : (await readFile(path, 'utf8').catch(() => '')).toLowerCase();
        if (byEvent || terms.some((term) => text.includes(term))) {
          await unlink(path).catch(() => undefined);
          removed += 1;
        }
      }
    }
    return removed;
  }
}
