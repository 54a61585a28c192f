import { areaDeliveryCharge, expectedDeliveryDays } from './area-delivery';

const zone = { id: 'dhaka-city', name: 'Dhaka city', name_bn: 'ঢাকা শহর', charge: 70, per_kg: 15, days_min: 1, days_max: 2 };

describe('the delivery the checkout shows for a picked area (ADR 059)', () => {
  it('charges the zone for the first kilogram and per_kg for each further one begun, as the server does', () => {
    expect(areaDeliveryCharge(zone, 1, 250)).toBe(70);
    expect(areaDeliveryCharge(zone, 4, 250)).toBe(70);
    expect(areaDeliveryCharge(zone, 4, 300)).toBe(85);
    expect(areaDeliveryCharge(zone, 7, 300)).toBe(100);
  });

  it('promises delivery between days_min and days_max days from today in Dhaka (late evening UTC is already tomorrow there)', () => {
    const { from, to } = expectedDeliveryDays(zone, new Date('2026-11-29T20:00:00Z'));
    expect([from.toISOString().slice(0, 10), to.toISOString().slice(0, 10)]).toEqual(['2026-12-01', '2026-12-02']);
  });
});
