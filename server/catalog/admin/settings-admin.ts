import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ValidationFailedError } from '../../common/errors/domain-error';
import type { RequestMetadata } from '../../common/request/request-metadata';
import { EventStore } from '../../event-store/event-store';
import { SETTINGS_STREAM } from '../domain/catalog.events';
import { settingsDecider } from '../domain/settings';
import { CatalogWriter } from '../write/catalog-writer';
import { settingsColumnsFrom, settingsResponseFrom } from './settings-fields';

/**
 * The store settings as an admin reads and saves them: the console (PUT /api/admin/settings) and
 * `npm run setup` save through here, as a `SettingsChanged` event with its actor. The first save needs the
 * store's name; a checkout is refused until the settings exist.
 */
@Injectable()
export class SettingsAdmin {
  constructor(
    private readonly writer: CatalogWriter,
    private readonly eventStore: EventStore,
    private readonly dataSource: DataSource,
  ) {}

  /** `input`: settings by their API names (Taka for the delivery charges); the others keep their values. */
  async save(input: Record<string, unknown>, expectedVersion: number | undefined, meta: RequestMetadata) {
    const columns = settingsColumnsFrom(input);
    await this.writer.write({
      streamId: SETTINGS_STREAM,
      decider: settingsDecider,
      noun: 'settings',
      meta,
      expectedVersion,
      command: (state) => {
        if (!state.exists && !columns.name) throw ValidationFailedError.field('name', 'field-required', { field: 'store name' });
        return { type: 'ChangeSettings', data: columns };
      },
    });
    return this.read();
  }

  async read() {
    const [rows, version] = await Promise.all([this.dataSource.query(`SELECT * FROM settings WHERE id = 1`), this.eventStore.streamVersion(SETTINGS_STREAM)]);
    if (rows.length === 0) return { ...settingsResponseFrom({ currency: '৳' }), name: '', version };
    return { ...settingsResponseFrom(rows[0]), version };
  }
}
