import { BN_ERROR_MESSAGES } from '../../contracts/error-messages.bn';
import { fillPlaceholders, type ErrorCode } from '../../contracts/errors';
import { ProjectionRunner } from '../../server/event-store/projection-runner';
import { useStaffApiStore } from '../support/api-store';

/**
 * Issue 27: staff date filters answered 500 for dates the calendar does not have or years PostgreSQL cannot
 * store (`Date.parse` rolled 2026-02-30 over to 2 March and took -271821-04-20; the database then refused
 * them). Every date in a query string now goes through one rule (server/common/validation/calendar-dates.ts).
 */
describe('impossible dates in staff filters', () => {
  const store = useStaffApiStore();

  it.each([
    ['/api/admin/orders?from=2026-02-30', 'care', 'from', 'field-day-missing'],
    ['/api/admin/orders?to=2026-04-31', 'care', 'to', 'field-day-missing'],
    ['/api/admin/orders?from=0001-01-01', 'care', 'from', 'field-date-year-range'],
    ['/api/admin/packing-slips?date=2026-13-45', 'care', 'date', 'field-day-missing'],
    ['/api/admin/packing-slips?date=9999-12-31', 'care', 'date', 'field-date-year-range'],
    ['/api/admin/events?from=-271821-04-20', 'admin', 'from', 'field-date-time-example'],
    ['/api/admin/events?to=%2B275760-09-13T00:00Z', 'admin', 'to', 'field-date-time-example'],
    ['/api/admin/events?from=2026-02-30T10:00', 'admin', 'from', 'field-day-missing'],
    ['/api/admin/events?from=0100-01-01T00:00Z', 'admin', 'from', 'field-date-year-range'],
  ] as const)('%s is a 422 naming the field, in the error shape, worded in Bengali from its code', async (path, role, field, code) => {
    const { status, body } = await store.call('GET', path, store.tokens[role]);
    expect(status).toBe(422);
    expect(body).toMatchObject({ success: false, code, fields: { [field]: [code] } });
    expect(typeof body.message).toBe('string');
    expect(body.errors[field]).toEqual([body.message]);
    const bengali = fillPlaceholders(BN_ERROR_MESSAGES[code as ErrorCode], body.params);
    expect(bengali).not.toMatch(/\{\w+\}/);
    expect(bengali).not.toBe(body.message);
  });

  it("refuses them in an offer's period too, where the year -271821 stalled the offers projection for ever", async () => {
    const offer = (body: Record<string, unknown>) => store.call('POST', '/api/admin/offers', store.tokens.admin, { name: 'Seam draw', ...body });
    expect((await offer({ starts_at: '-271821-04-20', ends_at: '2026-12-01T00:00:00Z' })).body).toMatchObject({ code: 'offer-start-invalid', fields: { starts_at: ['offer-start-invalid'] } });
    expect((await offer({ starts_at: '0100-01-01T00:00:00Z' })).body).toMatchObject({ fields: { starts_at: ['field-date-year-range'] } });
    expect((await offer({ starts_at: '2026-02-01', ends_at: '2026-02-30' })).body).toMatchObject({ fields: { ends_at: ['field-day-missing'] } });
    expect((await offer({ starts_at: -8.64e15 })).status).toBe(422);
    const created = await offer({ starts_at: '2026-02-01', ends_at: '2026-02-28T23:59:59Z' });
    expect(created.status).toBe(201);
    await store.server.app.get(ProjectionRunner).waitUntilCaughtUp();
    expect((await store.call('GET', `/api/admin/offers/${created.body.offer_id}`, store.tokens.admin)).body.data).toMatchObject({ starts_at: '2026-02-01T00:00:00.000Z' });
    const projections: Array<{ name: string; status: string }> = (await store.call('GET', '/api/admin/projections', store.tokens.admin)).body.data;
    expect(projections.find((projection) => projection.name === 'lucky-draw-offers')?.status).toBe('running');
  });

  it('still answers the dates that exist', async () => {
    expect((await store.call('GET', '/api/admin/orders?from=2028-02-29&to=2028-03-01', store.tokens.care)).status).toBe(200);
    const slips = await fetch(`${store.server.baseUrl}/api/admin/packing-slips?date=2026-03-31`, { headers: { authorization: `Bearer ${store.tokens.care}` } });
    expect(slips.status).toBe(200);
    expect(await slips.text()).toContain('No confirmed orders to print for this day.');
    const events = await store.call('GET', '/api/admin/events?from=2000-01-01T00:00:00.000Z&to=2999-12-31T23:59', store.tokens.admin);
    expect(events.status).toBe(200);
    expect(events.body.data.length).toBeGreaterThan(0);
  });
});
