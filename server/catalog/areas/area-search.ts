import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AreaResponse } from '../../../contracts/catalog';
import { ReadModelCache, toAnswer, type CachedAnswer } from '../read-cache/read-model-cache';
import { CATALOG_READ_MODEL } from '../read-cache/read-model-tags';
import { areaIndex, foldAreaText } from './area-index';
import { zoneOfArea, zonesOfSettings, type DeliveryZone } from './delivery-zones';

/** The most areas one search answers. */
export const AREAS_LIMIT = 20;
/** Typed texts whose answers are kept; the oldest goes first. */
const KEPT_ANSWERS = 4_000;

/**
 * `GET /api/public/areas` (ADR 059): areas matching typed text, each with its delivery zone. The search runs in
 * memory; the zones are read from the settings once and kept until the catalog read model (the settings)
 * changes. Answers are kept here, per folded text, rather than in the shared answer cache, which thousands of
 * typed prefixes would empty of product pages; a change of zones empties them.
 */
@Injectable()
export class AreaSearch {
  private answers = new Map<string, CachedAnswer>();
  private answersFor: readonly DeliveryZone[] | null = null;

  constructor(
    private readonly dataSource: DataSource,
    private readonly cache: ReadModelCache,
  ) {}

  async answer(text: string): Promise<CachedAnswer> {
    const zones = await this.zones();
    if (zones !== this.answersFor) {
      this.answers = new Map();
      this.answersFor = zones;
    }
    const key = foldAreaText(text);
    const kept = this.answers.get(key);
    if (kept) return kept;
    const answer = toAnswer({ data: this.search(text, zones) });
    this.answers.set(key, answer);
    if (this.answers.size > KEPT_ANSWERS) this.answers.delete(this.answers.keys().next().value!);
    return answer;
  }

  search(text: string, zones: readonly DeliveryZone[]): AreaResponse[] {
    return areaIndex()
      .search(text, AREAS_LIMIT)
      .map((area) => {
        const { areas: _areas, ...zone } = zoneOfArea(area, zones);
        return { id: area.id, name: area.name, name_bn: area.nameBn, district: area.district, district_bn: area.districtBn, zone };
      });
  }

  /** The zones as the settings say now (one read per settings change). */
  zones(): Promise<DeliveryZone[]> {
    return this.cache.remember('delivery-zones', [CATALOG_READ_MODEL], async () => {
      const rows = await this.dataSource.query(`SELECT delivery_zones, devliery_charge_inside_dhk_paisa, devliery_charge_outside_dhk_paisa FROM settings WHERE id = 1`);
      return zonesOfSettings(rows[0] ?? {});
    });
  }
}
