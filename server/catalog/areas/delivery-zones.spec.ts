import { areaIndex } from './area-index';
import { advanceFor, advanceRulesOf, NO_ADVANCE } from './advance-rules';
import { defaultZones, deliveryChargePaisa, deliveryZonesSchema, specChargesOf, withSpecCharges, zoneOfArea, zonesOfSettings } from './delivery-zones';

const area = (id: string) => areaIndex().get(id)!;

describe('delivery zones (ADR 059)', () => {
  const zones = defaultZones(70, 130);

  it('puts the city thanas in Dhaka city, the rest of Dhaka district and the towns next to it in the suburbs, the rest in the rest of the country', () => {
    expect(zoneOfArea(area('t-12'), zones).id).toBe('dhaka-city');
    expect(zoneOfArea(area('u-365'), zones).id).toBe('dhaka-suburbs');
    expect(zoneOfArea(area('d-47'), zones).id).toBe('dhaka-suburbs');
    expect(zoneOfArea(area('u-320'), zones).id).toBe('dhaka-suburbs');
    expect(zoneOfArea(area('u-317'), zones).id).toBe('rest');
    expect(zoneOfArea(area('t-110'), zones).id).toBe('rest');
    expect(deliveryZonesSchema.safeParse(zones).success).toBe(true);
  });

  it('charges the first kilogram at the zone charge and each further kilogram begun at per_kg', () => {
    const city = zones[0]!;
    expect([0, 1000, 1001, 2000, 2500].map((grams) => deliveryChargePaisa(city, grams))).toEqual([7000, 7000, 8500, 8500, 10000]);
  });

  it("answers the specification's two charges from the zones and writes them back into them", () => {
    expect(specChargesOf(zones)).toEqual({ insideTaka: 70, outsideTaka: 130 });
    expect(specChargesOf(withSpecCharges(zones, { insideTaka: 60 }))).toEqual({ insideTaka: 60, outsideTaka: 130 });
    expect(zonesOfSettings({ delivery_zones: '', devliery_charge_inside_dhk_paisa: 6000, devliery_charge_outside_dhk_paisa: 12000 })[0]!.charge).toBe(60);
    expect(zonesOfSettings({ delivery_zones: JSON.stringify(withSpecCharges(zones, { outsideTaka: 150 })) })[2]!.charge).toBe(150);
  });
});

describe('advance rules (ADR 059)', () => {
  const facts = { firstOrder: false, phoneHasReturns: false, grandTotalPaisa: 100_000, deliveryChargePaisa: 13_000, districtId: 'd-53' };

  it('asks nothing by default or when no rule holds', () => {
    expect(advanceFor(NO_ADVANCE, { ...facts, firstOrder: true })).toBeNull();
    expect(advanceRulesOf({ advance_rules: '' })).toEqual(NO_ADVANCE);
    expect(advanceFor({ ...NO_ADVANCE, first_order: true }, facts)).toBeNull();
  });

  it('asks the delivery charge, or a percentage rounded up to the Taka, naming every rule that holds', () => {
    const rules = { ...NO_ADVANCE, first_order: true, phone_with_returns: true, total_above: 900, districts: ['d-53'] };
    expect(advanceFor(rules, { ...facts, firstOrder: true, phoneHasReturns: true })).toEqual({ paisa: 13_000, reasons: ['first-order', 'phone-with-returns', 'total-above', 'district'] });
    expect(advanceFor({ ...NO_ADVANCE, districts: ['d-53'], amount: 'percent', percent: 15 }, { ...facts, grandTotalPaisa: 99_950 })).toEqual({ paisa: 15_000, reasons: ['district'] });
    expect(advanceFor({ ...NO_ADVANCE, total_above: 1000 }, facts)).toBeNull();
  });
});
