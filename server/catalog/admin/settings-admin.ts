import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ValidationFailedError } from '../../common/errors/domain-error';
import type { RequestMetadata } from '../../common/request/request-metadata';
import { EventStore } from '../../event-store/event-store';
import { SETTINGS_STREAM } from '../domain/catalog.events';
import { settingsDecider } from '../domain/settings';
import { CatalogWriter } from '../write/catalog-writer';
import { takaToPaisa } from '../../common/money';
import { specChargesOf, withSpecCharges, zonesOfSettings } from '../areas/delivery-zones';
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
        return { type: 'ChangeSettings', data: withZonesInStep(columns, state.settings) };
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

/**
 * The zones and the specification's two charges say the same (ADR 059): new zones write Dhaka city's charge and
 * the rest of the country's into `devliery_charge_inside_dhk` / `_outside_dhk`; a new inside or outside charge
 * is written into the zones the store has set (zones never set follow the two charges by themselves).
 */
export function withZonesInStep(sent: Record<string, string | number>, current: Record<string, string | number>): Record<string, string | number> {
  const columns = { ...sent };
  // The console's form sends every field: zones as they were are no change, and must not undo a new charge.
  if (typeof columns.delivery_zones === 'string' && columns.delivery_zones === JSON.stringify(zonesOfSettings(current))) delete columns.delivery_zones;
  if (typeof columns.delivery_zones === 'string') {
    const { insideTaka, outsideTaka } = specChargesOf(zonesOfSettings({ delivery_zones: columns.delivery_zones }));
    return { ...columns, devliery_charge_inside_dhk_paisa: takaToPaisa(insideTaka), devliery_charge_outside_dhk_paisa: takaToPaisa(outsideTaka) };
  }
  const inside = columns.devliery_charge_inside_dhk_paisa;
  const outside = columns.devliery_charge_outside_dhk_paisa;
  const stored = typeof current.delivery_zones === 'string' ? current.delivery_zones : '';
  if ((inside === undefined && outside === undefined) || stored.trim() === '') return columns;
  const zones = withSpecCharges(zonesOfSettings({ delivery_zones: stored }), {
    ...(inside !== undefined ? { insideTaka: Number(inside) / 100 } : {}),
    ...(outside !== undefined ? { outsideTaka: Number(outside) / 100 } : {}),
  });
  return { ...columns, delivery_zones: JSON.stringify(zones) };
}
