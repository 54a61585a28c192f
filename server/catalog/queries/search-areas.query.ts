import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import type { AreaResponse } from '../../../contracts/catalog';
import { areaIndex } from '../areas/area-index';
import { zoneOfArea, zonesOfSettings, type DeliveryZone } from '../areas/delivery-zones';

/** The most areas one search answers. */
export const AREAS_LIMIT = 20;

/** Areas matching typed text (English or Bengali, from two characters), each with its delivery zone (ADR 059). */
export class SearchAreasQuery extends Query<AreaResponse[]> {
  constructor(readonly text: string) {
    super();
  }
}

@QueryHandler(SearchAreasQuery)
export class SearchAreasHandler implements IQueryHandler<SearchAreasQuery> {
  constructor(private readonly dataSource: DataSource) {}

  async execute({ text }: SearchAreasQuery): Promise<AreaResponse[]> {
    const areas = areaIndex().search(text, AREAS_LIMIT);
    if (areas.length === 0) return [];
    const rows = await this.dataSource.query(`SELECT delivery_zones, devliery_charge_inside_dhk_paisa, devliery_charge_outside_dhk_paisa FROM settings WHERE id = 1`);
    const zones = zonesOfSettings(rows[0] ?? {});
    return areas.map((area) => ({
      id: area.id,
      name: area.name,
      name_bn: area.nameBn,
      district: area.district,
      district_bn: area.districtBn,
      zone: zoneAnswer(zoneOfArea(area, zones)),
    }));
  }
}

function zoneAnswer({ areas: _areas, ...zone }: DeliveryZone): AreaResponse['zone'] {
  return zone;
}
