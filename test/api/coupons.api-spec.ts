import { CommandBus } from '@nestjs/cqrs';
import { randomBytes } from 'node:crypto';
import { requestMetadataOf } from '../../server/common/request/request-metadata';
import { CancelOrderCommand } from '../../server/ordering/change-order/order-steps.commands';
import { createCoupon, setAvailableStock, type FixtureProduct, type StoreFixture } from '../support/store-fixture';
import type { TestServer } from '../support/test-server';
import { readJson, useApiStore } from '../support/api-store';

const DAY = 24 * 60 * 60 * 1000;

/** Coupons: POST /api/public/apply-coupon, and their redemption at checkout. */
describe('coupons', () => {
  const store = useApiStore();
  let server: TestServer, fixture: StoreFixture, product: FixtureProduct, insideTaka: number;
  beforeAll(async () => {
    ({ server, fixture, insideTaka } = store);
    [product] = store.products;
    await setAvailableStock(fixture, product.id, product.sizes[0], 1000);
  });

  /** A coupon of its own for each test; by default valid now, 10 %, 5 uses, 1 per phone. */
  async function setup(rules: { validFrom?: Date; validUntil?: Date; totalLimit?: number; perPhoneLimit?: number; percent?: number } = {}) {
    const code = `T${randomBytes(4).toString('hex').toUpperCase()}`;
    await createCoupon(fixture, {
      code,
      percent: rules.percent ?? 10,
      validFrom: (rules.validFrom ?? new Date(Date.now() - DAY)).toISOString(),
      validUntil: (rules.validUntil ?? new Date(Date.now() + DAY)).toISOString(),
      totalLimit: rules.totalLimit ?? 5,
      perPhoneLimit: rules.perPhoneLimit ?? 1,
    });
    return code;
  }

  async function applyCoupon(payload: unknown) {
    const response = await fetch(`${server.baseUrl}/api/public/apply-coupon`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(payload),
    });
    return { status: response.status, body: await readJson(response) };
  }

  async function order(code: string, phone: string, qty = 1) {
    const response = await fetch(`${server.baseUrl}/api/public/confirm-order`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        cart: [{ id: product.id, size: product.sizes[0], qty, price: 1 }],
        coupon: { couponCode: code.toLowerCase(), discountPercent: 99 },
        couponoffer: null,
        data: { name: 'Karim', phone, address: 'Uttara, Dhaka', shipping_phone: phone, devliery_charge: insideTaka, paymentMethod: 'cash' },
      }),
    });
    return { status: response.status, body: await readJson(response) };
  }

  describe('POST /api/public/apply-coupon', () => {
    it('answers the percent and the success message for a valid code, in any case', async () => {
      const code = await setup({ percent: 15 });
      const { status, body } = await applyCoupon({ coupon_code: code.toLowerCase() });
      expect(status).toBe(200);
      expect(body).toEqual({ success: true, discount: 15, coupon_code: code, message: 'Coupon applied successfully.' });
    });

    it.each([
      ['an unknown code', async () => 'NOSUCHCODE', 'Invalid coupon code.'],
      ['an expired code', () => setup({ validFrom: new Date(Date.now() - 3 * DAY), validUntil: new Date(Date.now() - DAY) }), 'This coupon has expired.'],
      ['a code not valid yet', () => setup({ validFrom: new Date(Date.now() + DAY), validUntil: new Date(Date.now() + 3 * DAY) }), 'This coupon is not valid yet.'],
    ])('refuses %s with a clear message', async (_name, makeCode, message) => {
      const { status, body } = await applyCoupon({ coupon_code: await makeCode() });
      expect(status).toBe(422);
      expect(body).toEqual({ success: false, code: expect.any(String), fields: expect.any(Object), message, errors: { coupon_code: [message] } });
    });

    it('refuses a missing code', async () => {
      const { status, body } = await applyCoupon({});
      expect(status).toBe(422);
      expect(body.errors).toEqual({ coupon_code: ['Please enter a coupon code.'] });
    });

    it('refuses a used-up code', async () => {
      const code = await setup({ totalLimit: 1 });
      expect((await order(code, '01711000001')).status).toBe(201);
      const { status, body } = await applyCoupon({ coupon_code: code });
      expect(status).toBe(422);
      expect(body.message).toBe('This coupon has reached its usage limit.');
    });

    it('checks the per-phone limit when the phone is given', async () => {
      const code = await setup({ perPhoneLimit: 1 });
      expect((await order(code, '01711000002')).status).toBe(201);
      expect((await applyCoupon({ coupon_code: code })).status).toBe(200);
      const { status, body } = await applyCoupon({ coupon_code: code, phone: '01711000002' });
      expect(status).toBe(422);
      expect(body.message).toBe('You have already used this coupon the maximum number of times.');
    });
  });

  describe('at checkout', () => {
    it("applies the coupon's own percent to the subtotal, whatever the browser claims", async () => {
      const code = await setup({ percent: 10 });
      const { status, body } = await order(code, '01711000003', 3);
      expect(status).toBe(201);
      const summary = await readJson(await fetch(`${server.baseUrl}/api/public/getOrders?orderId=${body.order_id}&phone=01711000003`));
      const subtotal = (3 * product.pricePaisa) / 100;
      const discount = Math.round(3 * product.pricePaisa * 0.1) / 100;
      expect(summary.orderrow).toMatchObject({ subtotal, discount: 10, discount_amount: discount, grand_total: subtotal - discount + insideTaka, coupon_code: code });
    });

    it('refuses a second use by the same phone, and an unknown, expired or used-up code, on the coupon field', async () => {
      const perPhone = await setup({ perPhoneLimit: 1 });
      expect((await order(perPhone, '01711000004')).status).toBe(201);
      const again = await order(perPhone, '01711000004');
      expect(again.status).toBe(422);
      expect(again.body.errors).toEqual({ coupon: ['You have already used this coupon the maximum number of times.'] });

      expect((await order('NOSUCHCODE', '01711000005')).body.errors).toEqual({ coupon: ['Invalid coupon code.'] });
      const expired = await setup({ validFrom: new Date(Date.now() - 3 * DAY), validUntil: new Date(Date.now() - DAY) });
      expect((await order(expired, '01711000005')).body.errors).toEqual({ coupon: ['This coupon has expired.'] });
      const usedUp = await setup({ totalLimit: 1 });
      expect((await order(usedUp, '01711000006')).status).toBe(201);
      expect((await order(usedUp, '01711000007')).body.errors).toEqual({ coupon: ['This coupon has reached its usage limit.'] });
    });
  });

  it('gives the use back when the order is cancelled, so the next shopper may use it', async () => {
    const code = await setup({ totalLimit: 1 });
    const first = await order(code, '01711000008');
    expect(first.status).toBe(201);
    expect((await applyCoupon({ coupon_code: code })).status).toBe(422);
    const meta = requestMetadataOf({ header: () => undefined, user: { id: 'care-1', role: 'care', name: 'Care' } } as never);
    await server.app.get(CommandBus).execute(new CancelOrderCommand(first.body.order_id, meta, 'customer changed mind'));
    expect((await applyCoupon({ coupon_code: code })).status).toBe(200);
    expect((await order(code, '01711000009')).status).toBe(201);
  });
});
