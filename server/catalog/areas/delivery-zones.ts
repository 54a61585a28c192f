import { z } from 'zod';
import type { DeliveryZoneSetting } from '../../../contracts/catalog';
import { says } from '../../common/validation/rule-message';
import { areaIndex, type Area } from './area-index';

/**
 * Delivery zones (ADR 059): each a charge for the first kilogram, a charge per further kilogram begun and a
 * promised delivery time, made of districts (`d-47`: all of it), upazilas (`u-365`) and city thanas (`t-12`).
 * One zone lists no area: it is the rest of the country. An area belongs to the zone that lists it, else to the
 * zone that lists its district, else to the rest of the country. Stored as JSON in the settings column
 * `delivery_zones` (money in Taka as the console sends it); an empty column means the defaults below, priced
 * from the specification's two charges.
 */
export type DeliveryZone = DeliveryZoneSetting;

/** Dhaka city: the Dhaka Metropolitan thanas of `data/bd-geo/city-thanas.csv` (ids 1–99). */
const DHAKA_CITY_THANAS = () => areaIndex().all().filter((area) => area.kind === 'thana' && area.districtId === 'd-47').map((area) => area.id);
/**
 * Dhaka's suburbs: the rest of Dhaka district (Savar, Keraniganj, Dhamrai, Nawabganj, Dohar: the city's thanas
 * are listed by the city zone, which wins), and the towns next to the city: Gazipur Sadar and Kaliakair
 * (Gazipur), Narayanganj Sadar, Bandar, Rupganj and Sonargaon (Narayanganj).
 */
const DHAKA_SUBURBS = ['d-47', 'u-320', 'u-318', 'u-330', 'u-329', 'u-331', 'u-332'];

export const DHAKA_CITY_ZONE = 'dhaka-city';
export const REST_ZONE = 'rest';

/** The zones a store has before an admin sets any: charges from the specification's two settings. */
export function defaultZones(insideTaka: number, outsideTaka: number): DeliveryZone[] {
  return [
    { id: DHAKA_CITY_ZONE, name: 'Dhaka city', name_bn: 'ঢাকা শহর', charge: insideTaka, per_kg: 15, days_min: 1, days_max: 2, areas: DHAKA_CITY_THANAS() },
    { id: 'dhaka-suburbs', name: 'Dhaka suburbs', name_bn: 'ঢাকার আশেপাশে', charge: outsideTaka, per_kg: 20, days_min: 2, days_max: 3, areas: [...DHAKA_SUBURBS] },
    { id: REST_ZONE, name: 'Rest of the country', name_bn: 'সারা দেশ', charge: outsideTaka, per_kg: 20, days_min: 2, days_max: 5, areas: [] },
  ];
}

const taka = (label: string) =>
  z
    .number({ error: says('charge-taka', { field: label }) })
    .min(0, says('field-not-negative', { field: label }))
    .max(100_000, says('charge-at-most', { field: label }))
    .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, says('amount-two-decimals', { field: label }));
const days = (label: string) => z.number({ error: says('field-whole-number', { field: label }) }).int(says('field-whole-number', { field: label })).min(0, says('field-not-negative', { field: label })).max(60, says('field-at-most', { field: label, max: 60 }));

const zone = z.object({
  id: z.string({ error: says('zone-invalid') }).regex(/^[a-z0-9-]{1,40}$/, says('zone-invalid')),
  name: z.string({ error: says('zone-invalid') }).trim().min(1, says('zone-invalid')).max(60, says('zone-invalid')),
  name_bn: z.string({ error: says('zone-invalid') }).trim().min(1, says('zone-invalid')).max(60, says('zone-invalid')),
  charge: taka('zone charge'),
  per_kg: taka('charge per kilogram'),
  days_min: days('days at least'),
  days_max: days('days at most'),
  areas: z.array(z.string().refine((id) => areaIndex().get(id) !== undefined, says('area-unknown')), { error: says('zone-invalid') }).max(1_000, says('zone-invalid')),
});

/** The console's zones: two to twenty, ids unique, exactly one for the rest of the country, no area in two zones. */
export const deliveryZonesSchema = z
  .array(zone, { error: says('zone-invalid') })
  .min(1, says('zone-invalid'))
  .max(20, says('zone-invalid'))
  .superRefine((zones, context) => {
    if (new Set(zones.map((each) => each.id)).size !== zones.length) context.addIssue({ code: 'custom', message: says('zone-invalid') });
    if (zones.filter((each) => each.areas.length === 0).length !== 1) context.addIssue({ code: 'custom', message: says('zone-rest-one') });
    const seen = new Set<string>();
    for (const each of zones) {
      if (each.days_max < each.days_min) context.addIssue({ code: 'custom', message: says('zone-invalid') });
      for (const area of each.areas) {
        if (seen.has(area)) context.addIssue({ code: 'custom', message: says('zone-area-twice', { area }) });
        seen.add(area);
      }
    }
  });

/** The zones of a settings row: its `delivery_zones` JSON, or the defaults from its two charges (paisa). */
export function zonesOfSettings(row: { delivery_zones?: string | null; devliery_charge_inside_dhk_paisa?: number | string | null; devliery_charge_outside_dhk_paisa?: number | string | null }): DeliveryZone[] {
  const stored = typeof row.delivery_zones === 'string' && row.delivery_zones.trim() !== '' ? safeParse(row.delivery_zones) : null;
  if (stored) return stored;
  return defaultZones(Number(row.devliery_charge_inside_dhk_paisa ?? 0) / 100, Number(row.devliery_charge_outside_dhk_paisa ?? 0) / 100);
}

/** The last column value read and its zones: every checkout batch reads the column, which rarely changes. */
let lastParsed: { json: string; zones: DeliveryZone[] | null } | null = null;

function safeParse(json: string): DeliveryZone[] | null {
  if (lastParsed?.json === json) return lastParsed.zones;
  let zones: DeliveryZone[] | null = null;
  try {
    const result = deliveryZonesSchema.safeParse(JSON.parse(json));
    zones = result.success ? result.data : null;
  } catch {
    zones = null;
  }
  lastParsed = { json, zones };
  return zones;
}

/** The zone an area belongs to: its own id listed, else its district's, else the rest of the country. */
export function zoneOfArea(area: Area, zones: readonly DeliveryZone[]): DeliveryZone {
  return (
    zones.find((each) => each.areas.includes(area.id)) ??
    zones.find((each) => each.areas.includes(area.districtId)) ??
    zones.find((each) => each.areas.length === 0) ??
    zones[zones.length - 1]!
  );
}

/** The specification's "inside Dhaka" charge: Dhaka city's zone (the zone of Motijheel thana); "outside": the rest of the country. */
export function specChargesOf(zones: readonly DeliveryZone[]): { insideTaka: number; outsideTaka: number } {
  const motijheel = areaIndex().get('t-28')!;
  const rest = zones.find((each) => each.areas.length === 0) ?? zones[zones.length - 1]!;
  return { insideTaka: zoneOfArea(motijheel, zones).charge, outsideTaka: rest.charge };
}

/** The zones with the specification's two charges written into Dhaka city's zone and the rest of the country's. */
export function withSpecCharges(zones: readonly DeliveryZone[], charges: { insideTaka?: number; outsideTaka?: number }): DeliveryZone[] {
  const cityId = zoneOfArea(areaIndex().get('t-28')!, zones).id;
  return zones.map((each) => {
    if (charges.insideTaka !== undefined && each.id === cityId) return { ...each, charge: charges.insideTaka };
    if (charges.outsideTaka !== undefined && each.areas.length === 0) return { ...each, charge: charges.outsideTaka };
    return each;
  });
}

/** Paisa for a parcel of `grams` to a zone: the charge covers the first kilogram, each further kilogram begun adds `per_kg`. */
export function deliveryChargePaisa(zone: DeliveryZone, grams: number): number {
  const extraKilograms = Math.max(0, Math.ceil(Math.max(0, grams) / 1000) - 1);
  return Math.round(zone.charge * 100) + extraKilograms * Math.round(zone.per_kg * 100);
}
