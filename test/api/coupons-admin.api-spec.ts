import { Client } from 'pg';
import { randomBytes } from 'node:crypto';
import { ProjectionRunner } from '../../server/event-store/projection-runner';
import { DEMO_STAFF_ACCOUNTS } from '../../server/seed/demo-accounts';
import { apiCaller, type Json } from '../support/api-caller';
import type { TestServer } from '../support/test-server';
import { useServerWithDb } from '../support/api-store';


const DAY = 24 * 60 * 60 * 1000;

/** The coupon part of the staff console: /api/admin/coupons, and what a disabled coupon means to shoppers. */
describe('coupons in the staff console', () => {
  let server: TestServer;
  let db: Client;
  let tokens: Record<'admin' | 'care' | 'customer', string>;
  let adminId = '';

  const { call, signInEveryRole } = apiCaller(() => server.baseUrl);

  const store = useServerWithDb();
  beforeAll(async () => {
    ({ server, db } = store);
    tokens = await signInEveryRole();
    const admin = DEMO_STAFF_ACCOUNTS.find((account) => account.role === 'admin')!;
    adminId = (await db.query('SELECT id FROM users WHERE email = $1', [admin.email])).rows[0].id;
    await server.app.get(ProjectionRunner).waitUntilCaughtUp();
  });

  const freshCode = () => `A${randomBytes(4).toString('hex').toUpperCase()}`;
  const rules = (code: string, overrides: Json = {}) => ({
    code,
    percent: 15,
    validFrom: new Date(Date.now() - DAY).toISOString(),
    validUntil: new Date(Date.now() + DAY).toISOString(),
    totalLimit: 10,
    perPhoneLimit: 2,
    ...overrides,
  });

  const placeOrder = async (couponCode: string, phone: string) => {
    const { rows: skus } = await db.query('SELECT product_id, size FROM sku_stock WHERE available > 5 ORDER BY product_id, size LIMIT 1');
    const { rows } = await db.query('SELECT id, name, slug, price_paisa FROM products WHERE id = $1', [skus[0].product_id]);
    return call('POST', '/api/public/confirm-order', undefined, {
      cart: [{ id: rows[0].id, name: rows[0].name, slug: rows[0].slug, size: skus[0].size, qty: 1, price: rows[0].price_paisa / 100 }],
      coupon: { couponCode, discountPercent: 15 },
      couponoffer: null,
      data: { name: 'Karim Ahmed', email: '', phone, address: 'House 3, Road 2, Mirpur, Dhaka', shipping_phone: phone, devliery_charge: 70, paymentMethod: 'cash' },
    });
  };

  describe('who may call what', () => {
    const routes: Array<[string, string, unknown]> = [
      ['GET', '/api/admin/coupons', undefined],
      ['POST', '/api/admin/coupons', { code: 'NOPE123', percent: 10 }],
      ['POST', '/api/admin/coupons/NOPE123/disable', { reason: 'campaign over' }],
      ['GET', '/api/admin/coupons/NOPE123/redemptions', undefined],
    ];

    it.each(routes)('%s %s refuses an anonymous caller with 401', async (method, path, body) => {
      expect((await call(method, path, undefined, body)).status).toBe(401);
    });

    it.each(routes)('%s %s refuses a customer with 403', async (method, path, body) => {
      expect((await call(method, path, tokens.customer, body)).status).toBe(403);
    });

    it.each(routes)('%s %s refuses customer care with 403: admin only', async (method, path, body) => {
      expect((await call(method, path, tokens.care, body)).status).toBe(403);
    });
  });

  it('creates a coupon that is listed and applies, then disables it so apply-coupon and checkout refuse it', async () => {
    const code = freshCode();
    const created = await call('POST', '/api/admin/coupons', tokens.admin, rules(code.toLowerCase()));
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ code, version: 1 });
    const createdEvent = (await db.query('SELECT type, data, metadata FROM events WHERE stream_id = $1 ORDER BY stream_position', [`coupon-${code}`])).rows;
    expect(createdEvent).toHaveLength(1);
    expect(createdEvent[0]).toMatchObject({ type: 'CouponCreated', data: { code, percent: 15, totalLimit: 10, perPhoneLimit: 2 }, metadata: { actor: { id: adminId, role: 'admin' } } });

    const listed = await call('GET', '/api/admin/coupons', tokens.admin);
    expect(listed.status).toBe(200);
    expect(listed.body.data.find((row: Json) => row.code === code)).toMatchObject({ percent: 15, totalLimit: 10, perPhoneLimit: 2, uses: 0, disabled: false });

    const applied = await call('POST', '/api/public/apply-coupon', undefined, { coupon_code: code.toLowerCase() });
    expect(applied).toMatchObject({ status: 200, body: { discount: 15, coupon_code: code } });
    // Checkout caches the coupon's state from here on; the disable below must reach that cache too.
    expect((await placeOrder(code, '01711000801')).status).toBe(201);

    const disabled = await call('POST', `/api/admin/coupons/${code.toLowerCase()}/disable`, tokens.admin, { reason: 'Campaign ended early' });
    expect(disabled.status).toBe(200);
    const { rows } = await db.query('SELECT type, data, metadata FROM events WHERE stream_id = $1 ORDER BY stream_position DESC LIMIT 1', [`coupon-${code}`]);
    expect(rows[0]).toMatchObject({
      type: 'CouponDisabled',
      data: { code, reason: 'Campaign ended early' },
      metadata: { actor: { id: adminId, role: 'admin' }, note: 'Campaign ended early' },
    });

    const refused = await call('POST', '/api/public/apply-coupon', undefined, { coupon_code: code });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ coupon_code: ['This coupon is no longer available.'] });
    const checkout = await placeOrder(code, '01711000802');
    expect(checkout.status).toBe(422);
    expect(checkout.body.errors).toEqual({ coupon: ['This coupon is no longer available.'] });

    const again = await call('POST', `/api/admin/coupons/${code}/disable`, tokens.admin, { reason: 'Twice' });
    expect(again.status).toBe(409);
    const listedAfter = await call('GET', '/api/admin/coupons', tokens.admin);
    expect(listedAfter.body.data.find((row: Json) => row.code === code)).toMatchObject({ uses: 1, disabled: true, disabledReason: 'Campaign ended early' });
  });

  it('refuses a code that exists with 409, and disabling or listing redemptions of an unknown code with 404', async () => {
    const code = freshCode();
    expect((await call('POST', '/api/admin/coupons', tokens.admin, rules(code))).status).toBe(201);
    const duplicate = await call('POST', '/api/admin/coupons', tokens.admin, rules(code.toLowerCase(), { percent: 20 }));
    expect(duplicate.status).toBe(409);
    const { rows } = await db.query('SELECT count(*)::int AS n FROM events WHERE stream_id = $1', [`coupon-${code}`]);
    expect(rows[0].n).toBe(1);
    expect((await call('POST', '/api/admin/coupons/NOSUCHCOUPON/disable', tokens.admin, { reason: 'campaign over' })).status).toBe(404);
    expect((await call('GET', '/api/admin/coupons/NOSUCHCOUPON/redemptions', tokens.admin)).status).toBe(404);
  });

  it('answers bad input with 422 and the messages by field', async () => {
    const bad = await call('POST', '/api/admin/coupons', tokens.admin, { code: 'a!', percent: 95, validFrom: 'soon', validUntil: '', totalLimit: 0, perPhoneLimit: 1.5 });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['code', 'perPhoneLimit', 'percent', 'totalLimit', 'validFrom', 'validUntil']);
    expect(bad.body.errors.code).toEqual(['The code must be 3 to 30 letters A-Z or digits.']);
    expect(bad.body.errors.percent).toEqual(['The percent may be at most 90.']);

    const tooLong = await call('POST', '/api/admin/coupons', tokens.admin, rules('A'.repeat(31)));
    expect(tooLong.body.errors).toEqual({ code: ['The code must be 3 to 30 letters A-Z or digits.'] });

    const backwards = await call('POST', '/api/admin/coupons', tokens.admin, rules(freshCode(), { validFrom: new Date(Date.now() + DAY).toISOString(), validUntil: new Date().toISOString() }));
    expect(backwards.status).toBe(422);
    expect(backwards.body.errors).toEqual({ validUntil: ['The validUntil must be after the validFrom.'] });

    const noReason = await call('POST', '/api/admin/coupons/ANYCODE/disable', tokens.admin, {});
    expect(noReason.status).toBe(422);
    expect(noReason.body.errors).toEqual({ reason: ['The reason is required.'] });
  });

  it('lists the redemptions of a coupon, with the order placed with it', async () => {
    const code = freshCode();
    expect((await call('POST', '/api/admin/coupons', tokens.admin, rules(code))).status).toBe(201);
    const empty = await call('GET', `/api/admin/coupons/${code}/redemptions`, tokens.admin);
    expect(empty).toMatchObject({ status: 200, body: { data: [] } });
    const placed = await placeOrder(code, '01711000803');
    expect(placed.status).toBe(201);
    const { status, body } = await call('GET', `/api/admin/coupons/${code}/redemptions`, tokens.admin);
    expect(status).toBe(200);
    expect(body.data).toEqual([
      { orderId: placed.body.order_id, phone: '01711000803', percent: 15, redeemedAt: expect.any(String), released: false, releasedAt: null, releaseReason: null },
    ]);
    const cancelled = await call('POST', `/api/admin/orders/${placed.body.order_id}/cancel`, tokens.admin, { reason: 'Customer changed their mind' });
    expect(cancelled.status).toBe(200);
    const after = await call('GET', `/api/admin/coupons/${code}/redemptions`, tokens.admin);
    expect(after.body.data[0]).toMatchObject({ orderId: placed.body.order_id, released: true, releaseReason: expect.any(String) });
  });
});
