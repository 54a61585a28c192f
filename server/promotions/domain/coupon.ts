import type { Decider } from '../../event-store/command-path/decider';
import type { CouponCreated, CouponEvent } from './coupon.events';
import { ConflictError, NotFoundError } from '../../common/errors/domain-error';
import { CouponRejected, NoSuchRedemption } from './coupon.errors';
import { normalizeCouponCode } from './coupon-stream';

/**
 * One coupon folded from its stream. `redemptions` maps each order holding a use to the phone that placed
 * it, which is all the limits need: the total is its size, the per-phone count a filter over it.
 */
export type CouponState =
  | { exists: false }
  | {
      exists: true;
      rules: CouponCreated['data'];
      redemptions: Readonly<Record<string, string>>;
      used: number;
      usedByPhone: Readonly<Record<string, number>>;
      /** Set by `CouponDisabled`: every further use is refused. */
      disabled: boolean;
    };

const initialState = (): CouponState => ({ exists: false });

export type RedeemCoupon = { type: 'RedeemCoupon'; data: { code: string; orderId: string; phone: string; now: Date } };
export type ReleaseCouponRedemption = { type: 'ReleaseCouponRedemption'; data: { code: string; orderId: string; reason: string } };
/** Staff create a coupon; the rules arrive validated (code, percent, window, limits) from the admin API. */
export type CreateCoupon = { type: 'CreateCoupon'; data: CouponCreated['data'] };
/** Staff withdraw a coupon; the reason is required. */
export type DisableCoupon = { type: 'DisableCoupon'; data: { code: string; reason: string } };
export type CouponCommand = RedeemCoupon | ReleaseCouponRedemption | CreateCoupon | DisableCoupon;

function evolve(state: CouponState, event: CouponEvent): CouponState {
  switch (event.type) {
    case 'CouponCreated':
      return { exists: true, rules: { ...event.data, code: normalizeCouponCode(event.data.code) }, redemptions: {}, used: 0, usedByPhone: {}, disabled: false };
    case 'CouponRedeemed': {
      if (!state.exists) return state;
      const { orderId, phone } = event.data;
      return {
        ...state,
        redemptions: { ...state.redemptions, [orderId]: phone },
        used: state.used + 1,
        usedByPhone: { ...state.usedByPhone, [phone]: (state.usedByPhone[phone] ?? 0) + 1 },
      };
    }
    case 'CouponRedemptionReleased': {
      if (!state.exists || !(event.data.orderId in state.redemptions)) return state;
      const { [event.data.orderId]: phone, ...others } = state.redemptions;
      return {
        ...state,
        redemptions: others,
        used: state.used - 1,
        usedByPhone: { ...state.usedByPhone, [phone]: (state.usedByPhone[phone] ?? 1) - 1 },
      };
    }
    case 'CouponDisabled':
      return state.exists ? { ...state, disabled: true } : state;
  }
}

/**
 * Whether the coupon may be used now (and by this phone, when known); returns its percent or throws
 * `CouponRejected`. The apply-coupon call asks this without a phone; checkout asks it with the order's phone.
 */
export function assertCouponUsable(state: CouponState, now: Date, phone?: string): number {
  if (!state.exists) throw new CouponRejected('unknown');
  const { rules } = state;
  if (state.disabled) throw new CouponRejected('disabled');
  if (now.getTime() < Date.parse(rules.validFrom)) throw new CouponRejected('not-yet-valid');
  if (now.getTime() > Date.parse(rules.validUntil)) throw new CouponRejected('expired');
  if (state.used >= rules.totalLimit) throw new CouponRejected('used-up');
  if (phone !== undefined && (state.usedByPhone[phone] ?? 0) >= rules.perPhoneLimit) throw new CouponRejected('used-by-phone');
  return rules.percent;
}

/** Every redemption rule: validity window, total limit, per-phone limit; a release gives back only a use held. */
function decide(command: CouponCommand, state: CouponState): CouponEvent[] {
  switch (command.type) {
    case 'RedeemCoupon': {
      const { orderId, phone, now } = command.data;
      const percent = assertCouponUsable(state, now, phone);
      const code = normalizeCouponCode(command.data.code);
      return [{ type: 'CouponRedeemed', data: { code, orderId, phone, percent, redeemedAt: now.toISOString() } }];
    }
    case 'ReleaseCouponRedemption': {
      const { orderId, reason } = command.data;
      const phone = state.exists ? state.redemptions[orderId] : undefined;
      if (phone === undefined) throw new NoSuchRedemption(orderId);
      return [{ type: 'CouponRedemptionReleased', data: { code: normalizeCouponCode(command.data.code), orderId, phone, reason } }];
    }
    case 'CreateCoupon': {
      const code = normalizeCouponCode(command.data.code);
      if (state.exists) throw new ConflictError(`A coupon with the code ${code} already exists.`);
      return [{ type: 'CouponCreated', data: { ...command.data, code } }];
    }
    case 'DisableCoupon': {
      const code = normalizeCouponCode(command.data.code);
      if (!state.exists) throw new NotFoundError(`No coupon has the code ${code}.`);
      if (state.disabled) throw new ConflictError(`The coupon ${code} is already disabled.`);
      return [{ type: 'CouponDisabled', data: { code, reason: command.data.reason } }];
    }
  }
}

/** The rules of one coupon stream (`coupon-<CODE>`). */
export const couponDecider: Decider<CouponCommand, CouponEvent, CouponState> = { decide, evolve, initialState };
