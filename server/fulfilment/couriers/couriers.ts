import { Inject, Injectable } from '@nestjs/common';
import type { CourierOptionResponse } from '../../../contracts/shipments';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { ValidationFailedError, issue } from '../../common/errors/domain-error';
import { COURIERS, type Courier, type CourierName } from './courier-port';

/** Names shoppers and care read. */
export const COURIER_NAMES_FOR_PEOPLE: Record<CourierName, string> = {
  steadfast: 'Steadfast',
  pathao: 'Pathao',
  redx: 'RedX',
  demo: 'Demo courier',
  manual: 'Manual',
};

/** The couriers this process offers (chosen at start, courier-registry.ts), by name, and the default. */
@Injectable()
export class Couriers {
  private readonly byName: Map<CourierName, Courier>;

  constructor(
    @Inject(COURIERS) couriers: Courier[],
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.byName = new Map(couriers.map((courier) => [courier.name, courier]));
  }

  /** The courier called `name`, or a 422 on `courier` naming it. */
  get(name: string): Courier {
    const courier = this.byName.get(name as CourierName);
    if (!courier) throw new ValidationFailedError({ courier: [issue('courier-unknown', { courier: name.slice(0, 40) })] });
    return courier;
  }

  find(name: string): Courier | undefined {
    return this.byName.get(name as CourierName);
  }

  /** Every courier offered, in the order chosen. */
  all(): Courier[] {
    return [...this.byName.values()];
  }

  /** DEFAULT_COURIER when offered, else the first courier chosen (a live one, or the demo). */
  get defaultCourier(): CourierName {
    const wanted = this.config.couriers.defaultCourier;
    if (wanted && this.byName.has(wanted)) return wanted;
    return [...this.byName.keys()][0];
  }

  options(): CourierOptionResponse[] {
    return [...this.byName.values()].map((courier) => ({ courier: courier.name, name: COURIER_NAMES_FOR_PEOPLE[courier.name], mode: courier.mode, label: courier.label, needs_district: courier.needsDistrict === true }));
  }
}
