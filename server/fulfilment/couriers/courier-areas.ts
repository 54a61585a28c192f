import { Injectable } from '@nestjs/common';
import type { UnmappedAreaResponse, UnmappedAreasResponse } from '../../../contracts/shipments';
import { areaIndex, type Area } from '../../catalog/areas/area-index';
import { ServiceUnavailableError, ValidationFailedError, issue } from '../../common/errors/domain-error';
import { OutsideServiceError } from '../../outside/outside-http';
import { CourierRefusal } from './courier-port';
import { ShipmentDesk } from '../../ordering/published';
import { Couriers } from './couriers';

/** Lookups at a time while a review asks a courier's lists (each list is cached by the adapter afterwards). */
const LOOKUPS_AT_ONCE = 6;

/**
 * Care's review of courier areas (issue 30): the areas orders were placed to (districts, upazilas, city thanas
 * of the store's list) that a courier's own location lists cannot place — the district unknown to it (no Pathao
 * city, no RedX area in the district), or the thana unknown in a known district (no Pathao zone, no RedX area of
 * that name). Answered from the lists the adapter fetched and cached; nothing is stored.
 */
@Injectable()
export class CourierAreas {
  constructor(
    private readonly couriers: Couriers,
    private readonly desk: ShipmentDesk,
  ) {}

  async unmapped(courierName: 'pathao' | 'redx'): Promise<UnmappedAreasResponse> {
    const courier = this.couriers.find(courierName);
    // Not set up in this store (no PATHAO_… / REDX_… settings): there are no lists to review.
    if (!courier?.locate) return { success: true, courier: courierName, configured: false, checked: 0, data: [] };
    const locate = courier.locate.bind(courier);
    const areas = (await this.desk.areasUsed()).map((id) => areaIndex().get(id)).filter((area): area is Area => area !== undefined);
    const rows: Array<UnmappedAreaResponse | null> = new Array(areas.length).fill(null);
    let next = 0;
    const worker = async () => {
      while (next < areas.length) {
        const index = next++;
        const area = areas[index];
        const thana = area.kind === 'district' ? null : area.name;
        const place = await locate({ district: area.district, thana });
        const unmapped = !place.district ? 'district' : thana && !place.thana ? 'thana' : null;
        if (unmapped) {
          rows[index] = { area_id: area.id, kind: area.kind, name: area.name, name_bn: area.nameBn, district: area.district, district_bn: area.districtBn, unmapped };
        }
      }
    };
    try {
      await Promise.all(Array.from({ length: Math.min(LOOKUPS_AT_ONCE, areas.length) }, worker));
    } catch (error) {
      // The courier's lists could not be read: refused for good (422) or unreachable for now (503), as a booking.
      if (error instanceof CourierRefusal) throw new ValidationFailedError({ courier: [issue('courier-refused', { reason: error.reason.slice(0, 200) })] });
      if (error instanceof OutsideServiceError) {
        if (!error.retryable) throw new ValidationFailedError({ courier: [issue('courier-refused', { reason: error.detail || 'refused' })] });
        throw new ServiceUnavailableError('courier-unavailable');
      }
      throw error;
    }
    const data = rows.filter((row) => row !== null).sort((a, b) => a.district.localeCompare(b.district) || a.name.localeCompare(b.name));
    return { success: true, courier: courierName, configured: true, checked: areas.length, data };
  }
}
