import { ConflictError, NotFoundError } from '../../common/errors/domain-error';
import type { CouponCreated, CouponEvent } from './coupon.events';
import { CouponRejected, NoSuchRedemption } from './coupon.errors';
import { deciderSpec } from '../../../test/support/decider-spec';
import { fold } from '../../event-store/command-path/decider';
import { assertCouponUsable, couponDecider, usesWithoutPlace, withPlaceKeys, type CouponCommand } from './coupon';
import { addressKey } from './coupon-identity';
import { placeKeyOf } from './address-identity';
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
        { type: 'CouponRedeemed', data: expect.objectContaining({ phone: '01711111111', shippingPhone: '01722222222', placeKey: expect.stringMatching(/^[0-9a-f]{32}$/) }) },
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
      expect(vague[0].data).not.toHaveProperty('placeKey');
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

  describe('seams (issue 27): one household however its address is written; coupons that need a proven phone', () => {
    const home = 'House 12, Road 5, Dhanmondi, Dhaka 1205';
    const user = (phone: string, shippingPhone: string, address: string, phoneVerified?: boolean, orderId = 'B'): CouponCommand => ({
      type: 'RedeemCoupon',
      data: { code: 'WELCOME10', orderId, now, phone, shippingPhone, address, ...(phoneVerified ? { phoneVerified } : {}) },
    });
    const welcome = created({ code: 'WELCOME10', perPhoneLimit: 1, totalLimit: 1000 });
    const firstUse = couponDecider.decide(user('01711111111', '01722222222', home, false, 'A'), fold(couponDecider, [welcome]));

    it.each([
      'H-12, R-5, Dhanmondi, Dhaka-1205',
      'বাড়ি ১২, রোড ৫, dhanmondi, Dhaka ১২০৫',
      'house no. 12, rd 5, DHANMONDI, Dhaka1205',
      '12, Road 5, Dhanmondi, Dhaka - 1205',
    ])('refuses the report\'s attack: both phones changed by one digit, the address reworded as %p', (address) => {
      given(welcome, ...firstUse).when(user('01711111112', '01722222223', address)).thenThrows(CouponRejected, { reason: 'used-by-phone' });
    });

    it('lets the neighbour in house 14, with their own phones, use it', () => {
      expect(couponDecider.decide(user('01733333333', '01733333333', 'House 14, Road 5, Dhanmondi, Dhaka 1205'), fold(couponDecider, [welcome, ...firstUse]))).toHaveLength(1);
    });

    it('counts a use recorded before this change by its order\'s address, computed by today\'s rule', () => {
      const old: CouponEvent = { type: 'CouponRedeemed', data: { code: 'WELCOME10', orderId: 'A', phone: '01711111111', shippingPhone: '01722222222', addressKey: addressKey(home), percent: 10, redeemedAt: now.toISOString() } };
      const state = fold(couponDecider, [welcome, old]);
      expect(usesWithoutPlace(state)).toEqual(['A']);
      // Its order's address, read by the checkout: the reworded address is the same household.
      const completed = withPlaceKeys(state, new Map([['A', placeKeyOf(home)!]]));
      expect(() => couponDecider.decide(user('01711111112', '01722222223', 'H-12, R-5, Dhanmondi, Dhaka-1205'), completed)).toThrow(CouponRejected);
      // Without its order (erased), the old key still matches the address written as it was.
      expect(() => couponDecider.decide(user('01711111112', '01722222223', home), state)).toThrow(CouponRejected);
      expect(couponDecider.decide(user('01744444444', '01744444444', 'House 14, Road 5, Dhanmondi, Dhaka 1205'), completed)).toHaveLength(1);
    });

    describe('a coupon that needs a proven phone', () => {
      const proofCoupon = created({ code: 'WELCOME10', perPhoneLimit: 1, totalLimit: 1000, requiresVerifiedPhone: true });
      const proven = couponDecider.decide(user('01711111111', '01722222222', home, true, 'A'), fold(couponDecider, [proofCoupon]));

      it('refuses a checkout without the phone proof, and records a proven use', () => {
        given(proofCoupon).when(user('01711111111', '01711111111', home)).thenThrows(CouponRejected, { reason: 'phone-not-verified' });
        expect(proven[0].data).toMatchObject({ phone: '01711111111', phoneVerified: true });
      });

      it('counts the proven phone: the same phone again is refused, another proven phone at the same address is not', () => {
        given(proofCoupon, ...proven).when(user('01711111111', '01799999999', 'Somewhere else 9, Road 1, Khulna', true)).thenThrows(CouponRejected, { reason: 'used-by-phone' });
        expect(couponDecider.decide(user('01755555555', '01722222222', home, true), fold(couponDecider, [proofCoupon, ...proven]))).toHaveLength(1);
      });

      it('apply-coupon, which cannot know the proof, answers by the phone\'s uses', () => {
        expect(assertCouponUsable(fold(couponDecider, [proofCoupon]), now, '01711111111')).toBe(10);
        expect(() => assertCouponUsable(fold(couponDecider, [proofCoupon, ...proven]), now, '01711111111')).toThrow(CouponRejected);
      });

      it('staff turn the requirement on and off; a coupon created before has none, and creating writes it only when set', () => {
        const rules = (welcome as { data: CouponCreated['data'] }).data;
        expect(couponDecider.decide({ type: 'CreateCoupon', data: { ...rules, requiresVerifiedPhone: false } }, fold(couponDecider, []))[0].data).not.toHaveProperty('requiresVerifiedPhone');
        const on = couponDecider.decide({ type: 'ChangeCouponPhoneProof', data: { code: 'welcome10', requiresVerifiedPhone: true } }, fold(couponDecider, [welcome]));
        expect(on).toEqual([{ type: 'CouponPhoneProofChanged', data: { code: 'WELCOME10', requiresVerifiedPhone: true } }]);
        given(welcome, ...on).when(user('01711111111', '01711111111', home)).thenThrows(CouponRejected, { reason: 'phone-not-verified' });
        expect(couponDecider.decide({ type: 'ChangeCouponPhoneProof', data: { code: 'WELCOME10', requiresVerifiedPhone: true } }, fold(couponDecider, [welcome, ...on]))).toEqual([]);
        expect(() => couponDecider.decide({ type: 'ChangeCouponPhoneProof', data: { code: 'NOPE', requiresVerifiedPhone: true } }, fold(couponDecider, []))).toThrow(NotFoundError);
      });
    });
  });
});
