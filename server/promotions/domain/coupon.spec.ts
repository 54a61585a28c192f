import { ConflictError, NotFoundError } from '../../common/errors/domain-error';
import type { CouponCreated, CouponEvent } from './coupon.events';
import { CouponRejected, NoSuchRedemption } from './coupon.errors';
import { deciderSpec } from '../../../test/support/decider-spec';
import { fold } from '../../event-store/command-path/decider';
import { assertCouponUsable, couponDecider, type CouponCommand } from './coupon';
import { couponStreamId } from './coupon-stream';

const created = (overrides: Partial<CouponCreated['data']> = {}): CouponEvent => ({
  type: 'CouponCreated',
  data: {
    code: 'EID10',
    percent: 10,
    validFrom: '2026-03-01T00:00:00.000Z',
    validUntil: '2026-03-31T23:59:59.000Z',
    totalLimit: 3,
    perPhoneLimit: 1,
    ...overrides,
  },
});
const redeemed = (orderId: string, phone: string): CouponEvent => ({
  type: 'CouponRedeemed',
  data: { code: 'EID10', orderId, phone, percent: 10, redeemedAt: '2026-03-10T10:00:00.000Z' },
});
const now = new Date('2026-03-10T10:00:00.000Z');
const redeem = (orderId: string, phone: string, at = now): CouponCommand => ({
  type: 'RedeemCoupon',
  data: { code: 'eid10', orderId, phone, now: at },
});

const { given } = deciderSpec(couponDecider);

describe('coupon decider', () => {
  it('redeems a valid coupon for an order, recording its percent and the phone', () => {
    given(created()).when(redeem('ORDER001', '01711111111')).then(redeemed('ORDER001', '01711111111') as never);
  });

  it('refuses an unknown coupon', () => {
    given().when(redeem('ORDER001', '01711111111')).thenThrows(CouponRejected, { reason: 'unknown' });
  });

  it('refuses before the validity window opens and after it closes', () => {
    given(created()).when(redeem('A', '01711111111', new Date('2026-02-28T23:59:59.000Z'))).thenThrows(CouponRejected, { reason: 'not-yet-valid' });
    given(created()).when(redeem('A', '01711111111', new Date('2026-04-01T00:00:00.000Z'))).thenThrows(CouponRejected, { reason: 'expired' });
  });

  it('refuses the use past the total limit', () => {
    given(created(), redeemed('A', '01711111111'), redeemed('B', '01722222222'), redeemed('C', '01733333333'))
      .when(redeem('D', '01744444444'))
      .thenThrows(CouponRejected, { reason: 'used-up' });
  });

  it('refuses a phone that used up its own limit, but not another phone', () => {
    given(created(), redeemed('A', '01711111111')).when(redeem('B', '01711111111')).thenThrows(CouponRejected, { reason: 'used-by-phone' });
    given(created(), redeemed('A', '01711111111')).when(redeem('B', '01722222222')).then(redeemed('B', '01722222222') as never);
  });

  it('gives a use back when the order is cancelled, so it counts against no limit', () => {
    const released: CouponEvent = { type: 'CouponRedemptionReleased', data: { code: 'EID10', orderId: 'A', phone: '01711111111', reason: 'order cancelled' } };
    given(created(), redeemed('A', '01711111111'))
      .when({ type: 'ReleaseCouponRedemption', data: { code: 'EID10', orderId: 'A', reason: 'order cancelled' } })
      .then(released);
    const state = fold(couponDecider, [created(), redeemed('A', '01711111111'), released]);
    expect(assertCouponUsable(state, now, '01711111111')).toBe(10);
  });

  it('refuses to release a use the order does not hold', () => {
    expect(() =>
      couponDecider.decide({ type: 'ReleaseCouponRedemption', data: { code: 'EID10', orderId: 'X', reason: 'r' } }, fold(couponDecider, [created()])),
    ).toThrow(NoSuchRedemption);
  });

  it('answers apply-coupon without a phone by the window and the total limit only', () => {
    expect(assertCouponUsable(fold(couponDecider, [created(), redeemed('A', '01711111111')]), now)).toBe(10);
  });

  it('creates a coupon with its code uppercased, and refuses a code that exists', () => {
    const rules = (created() as { data: CouponCreated['data'] }).data;
    expect(couponDecider.decide({ type: 'CreateCoupon', data: { ...rules, code: 'eid10' } }, fold(couponDecider, []))).toEqual([created()]);
    expect(() => couponDecider.decide({ type: 'CreateCoupon', data: rules }, fold(couponDecider, [created()]))).toThrow(ConflictError);
  });

  it('disables a coupon once, refusing an unknown code; a disabled coupon is refused with its own message', () => {
    const disabled: CouponEvent = { type: 'CouponDisabled', data: { code: 'EID10', reason: 'campaign over' } };
    expect(couponDecider.decide({ type: 'DisableCoupon', data: { code: 'eid10', reason: 'campaign over' } }, fold(couponDecider, [created()]))).toEqual([disabled]);
    expect(() => couponDecider.decide({ type: 'DisableCoupon', data: { code: 'EID10', reason: 'r' } }, fold(couponDecider, []))).toThrow(NotFoundError);
    expect(() => couponDecider.decide({ type: 'DisableCoupon', data: { code: 'EID10', reason: 'r' } }, fold(couponDecider, [created(), disabled]))).toThrow(ConflictError);
    given(created(), disabled).when(redeem('A', '01711111111')).thenThrows(CouponRejected, { reason: 'disabled' });
    expect(() => assertCouponUsable(fold(couponDecider, [created(), disabled]), now)).toThrow('This coupon is no longer available.');
  });

  it('still gives back a use held by an order after the coupon is disabled', () => {
    const state = fold(couponDecider, [created(), redeemed('A', '01711111111'), { type: 'CouponDisabled', data: { code: 'EID10', reason: 'r' } }]);
    expect(couponDecider.decide({ type: 'ReleaseCouponRedemption', data: { code: 'EID10', orderId: 'A', reason: 'order cancelled' } }, state)).toHaveLength(1);
  });

  it('names the stream coupon-<CODE>', () => {
    expect(couponStreamId(' welcome10 ')).toBe('coupon-WELCOME10');
  });

  describe('per-phone limit counts the shipping phone and the address too (issue 15)', () => {
    const home = 'House 12, Road 5, Dhanmondi, Dhaka';
    const redeemFor = (orderId: string, user: { phone: string; shippingPhone?: string; address?: string }): CouponCommand => ({
      type: 'RedeemCoupon',
      data: { code: 'EID10', orderId, now, ...user },
    });
    const first = couponDecider.decide(redeemFor('A', { phone: '01711111111', shippingPhone: '01722222222', address: home }), fold(couponDecider, [created()]));

    it('records the normalised shipping phone and a key of the address, never the address itself', () => {
      expect(first).toEqual([
        { type: 'CouponRedeemed', data: expect.objectContaining({ phone: '01711111111', shippingPhone: '01722222222', addressKey: expect.stringMatching(/^[0-9a-f]{32}$/) }) },
      ]);
      expect(JSON.stringify(first)).not.toContain('Dhanmondi');
    });

    it('refuses the attack: one digit of the contact phone changed, same address and shipping phone', () => {
      given(created(), ...first).when(redeemFor('B', { phone: '01711111112', shippingPhone: '01722222222', address: home })).thenThrows(CouponRejected, { reason: 'used-by-phone' });
    });

    it('refuses a new contact and shipping phone at the same address, written differently', () => {
      given(created(), ...first).when(redeemFor('B', { phone: '01733333333', shippingPhone: '01733333333', address: 'house 12 road 5  DHANMONDI dhaka' })).thenThrows(CouponRejected, { reason: 'used-by-phone' });
    });

    it('refuses the first use\'s shipping phone as the new contact phone, in any notation', () => {
      given(created(), ...first).when(redeemFor('B', { phone: '+880 1722-222222', address: 'Flat 2B, House 9, Road 11, Banani' })).thenThrows(CouponRejected, { reason: 'used-by-phone' });
    });

    it('lets a neighbour with a vague address and their own phones use it: "Uttara, Dhaka" is thousands of customers', () => {
      const vague = couponDecider.decide(redeemFor('A', { phone: '01711111111', address: 'Uttara, Dhaka' }), fold(couponDecider, [created()]));
      expect(vague[0].data).not.toHaveProperty('addressKey');
      expect(couponDecider.decide(redeemFor('B', { phone: '01744444444', address: 'Uttara, Dhaka' }), fold(couponDecider, [created(), ...vague]))).toHaveLength(1);
    });

    it('still counts uses recorded before, with the contact phone only', () => {
      given(created(), redeemed('A', '01711111111')).when(redeemFor('B', { phone: '01799999999', shippingPhone: '01711111111', address: home })).thenThrows(CouponRejected, { reason: 'used-by-phone' });
    });

    it('refuses a coupon that requires a verified phone until the phone is verified (the hook for SMS)', () => {
      given(created({ requiresVerifiedPhone: true })).when(redeemFor('A', { phone: '01711111111' })).thenThrows(CouponRejected, { reason: 'phone-not-verified' });
      const verified: CouponCommand = { type: 'RedeemCoupon', data: { code: 'EID10', orderId: 'A', now, phone: '01711111111', phoneVerified: true } };
      expect(couponDecider.decide(verified, fold(couponDecider, [created({ requiresVerifiedPhone: true })]))).toHaveLength(1);
    });
  });
});
