import { Inject, Injectable } from '@nestjs/common';
import { readdir, readFile, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { EntityManager } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../../config/app-config';

/**
 * What mail keeps about a person, forgotten when they are erased (issue 21): the recipient of their
 * deliveries, and the `.eml` files the file transport wrote for them (without SMTP_URL) — those of their events,
 * and any that names them. Sent mail in people's mailboxes is beyond the store's reach.
 */
@Injectable()
export class MailErasure {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async forget(manager: EntityManager, person: { eventIds: string[]; emails: string[]; terms: string[] }): Promise<number> {
    await manager.query(
      `UPDATE mail_deliveries SET recipient = NULL
        WHERE event_id = ANY($1::uuid[]) OR source_event_id = ANY($1::uuid[]) OR lower(recipient) = ANY($2::text[])`,
      [person.eventIds, person.emails.map((email) => email.toLowerCase())],
    );
    const folder = join(this.config.dataDir, 'mail');
    const files = await readdir(folder).catch(() => [] as string[]);
    const terms = person.terms.filter((term) => term.length >= 4).map((term) => term.toLowerCase());
    let removed = 0;
    for (const name of files.filter((file) => file.endsWith('.eml'))) {
      const path = join(folder, name);
      const byEvent = person.eventIds.some((id) => name.includes(id));
      const text = byEvent ? '' : (await readFile(path, 'utf8').catch(() => '')).toLowerCase();
      if (byEvent || terms.some((term) => text.includes(term))) {
        await unlink(path).catch(() => undefined);
        removed += 1;
      }
    }
    return removed;
  }
}
