import type { Area } from './api/search-areas';

/**
 * What the checkout shows once an area is picked (ADR 059), as the server will charge it: the zone's charge for
 * the first kilogram of the parcel and `per_kg` for each further kilogram begun, the parcel weighing the units
 * times the store's product weight; and the days the zone promises, counted from today in Dhaka.
 */
export function areaDeliveryCharge(zone: Area['zone'], units: number, gramsPerUnit: number): number {
  const kilograms = Math.ceil(Math.max(0, units * gramsPerUnit) / 1000);
  return Math.round((zone.charge + Math.max(0, kilograms - 1) * zone.per_kg) * 100) / 100;
}

const DHAKA_OFFSET_MS = 6 * 60 * 60 * 1000;

/** The first and last day of the promised delivery: `days_min` and `days_max` days after today in Dhaka (noon that day). */
export function expectedDeliveryDays(zone: Area['zone'], now: Date): { from: Date; to: Date } {
  const dhaka = new Date(now.getTime() + DHAKA_OFFSET_MS);
  const day = (days: number) => new Date(Date.UTC(dhaka.getUTCFullYear(), dhaka.getUTCMonth(), dhaka.getUTCDate() + days, 6));
  return { from: day(zone.days_min), to: day(zone.days_max) };
}
