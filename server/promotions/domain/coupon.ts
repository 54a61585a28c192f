import type { Decider } from '../../event-store/command-path/decider';
import type { CouponCreated, CouponEvent } from './coupon.events';
import { ConflictError, NotFoundError } from '../../common/errors/domain-error';
import { CouponRejected, NoSuchRedemption } from './coupon.errors';
import { normalizeCouponCode } from './coupon-stream';
import { CouponUser, RedemptionIdentity, redemptionIdentity, sameUser } from './coupon-identity';

/**
 * One coupon folded from its stream. `redemptions` maps each order holding a use to who placed it (phones,
 * address key), which is all the limits need: the total is its size, the per-phone count the uses that
 * share a phone or the address with the new order.
 */
export type CouponState =
  | { exists: false }
  | {
      exists: true;
      rules: CouponCreated['data'];
      redemptions: Readonly<Record<string, RedemptionIdentity>>;
      used: number;
      /** Set by `CouponDisabled`: every further use is refused. */
      disabled: boolean;
    };

const initialState = (): CouponState => ({ exists: false });

/** `phone` is the order's contact phone; the shipping phone and address, when given, count towards the per-phone limit too. */
export type RedeemCoupon = { type: 'RedeemCoupon'; data: { code: string; orderId: string; now: Date } & CouponUser };
export type ReleaseCouponRedemption = { type: 'ReleaseCouponRedemption'; data: { code: string; orderId: string; reason: string } };
/** Staff create a coupon; the rules arrive validated (code, percent, window, limits) from the admin API. */
export type CreateCoupon = { type: 'CreateCoupon'; data: CouponCreated['data'] };
/** Staff withdraw a coupon; the reason is required. */
export type DisableCoupon = { type: 'DisableCoupon'; data: { code: string; reason: string } };
export type CouponCommand = RedeemCoupon | ReleaseCouponRedemption | CreateCoupon | DisableCoupon;

function evolve(state: CouponState, event: CouponEvent): CouponState {
  switch (event.type) {
    case 'CouponCreated':
      return { exists: true, rules: { ...event.data, code: normalizeCouponCode(event.data.code) }, redemptions: {}, used: 0, disabled: false };
    case 'CouponRedeemed': {
      if (!state.exists) return state;
      const { orderId, phone, shippingPhone, addressKey } = event.data;
      // Uses recorded before issue 15 carry the contact phone only.
      const identity: RedemptionIdentity = { phone, ...(shippingPhone ? { shippingPhone } : {}), ...(addressKey ? { addressKey } : {}) };
      return { ...state, redemptions: { ...state.redemptions, [orderId]: identity }, used: state.used + 1 };
    }
    case 'CouponRedemptionReleased': {
      if (!state.exists || !(event.data.orderId in state.redemptions)) return state;
      const { [event.data.orderId]: _released, ...others } = state.redemptions;
      return { ...state, redemptions: others, used: state.used - 1 };
    }
    case 'CouponDisabled':
      return state.exists ? { ...state, disabled: true } : state;
  }
}

/**
 * Whether the coupon may be used now (and by this user, when known); returns its percent or throws
 * `CouponRejected`. The apply-coupon call asks this with a phone at most; checkout asks it with the order's
 * contact phone, shipping phone and address, and a use counts against the per-phone limit when it shares
 * any phone or the address with them.
 */
export function assertCouponUsable(state: CouponState, now: Date, user?: string | CouponUser): number {
  if (!state.exists) throw new CouponRejected('unknown');
  const { rules } = state;
  if (state.disabled) throw new CouponRejected('disabled');
  if (now.getTime() < Date.parse(rules.validFrom)) throw new CouponRejected('not-yet-valid');
  if (now.getTime() > Date.parse(rules.validUntil)) throw new CouponRejected('expired');
  if (state.used >= rules.totalLimit) throw new CouponRejected('used-up');
  if (user === undefined) return rules.percent;
  const who = typeof user === 'string' ? { phone: user } : user;
  // The hook for phone verification (SMS): a coupon may demand a phone proved by a code.
  if (rules.requiresVerifiedPhone === true && who.phoneVerified !== true) throw new CouponRejected('phone-not-verified');
  if (usesBy(state, redemptionIdentity(who)) >= rules.perPhoneLimit) throw new CouponRejected('used-by-phone');
  return rules.percent;
}

/** Uses held by the same user: a phone (contact or shipping) or the address in common. */
export function usesBy(state: Extract<CouponState, { exists: true }>, identity: RedemptionIdentity): number {
  return Object.values(state.redemptions).filter((held) => sameUser(held, identity)).length;
}

/** Every redemption rule: validity window, total limit, per-phone limit; a release gives back only a use held. */
function decide(command: CouponCommand, state: CouponState): CouponEvent[] {
  switch (command.type) {
    case 'RedeemCoupon': {
      const { orderId, now } = command.data;
      const percent = assertCouponUsable(state, now, command.data);
      const code = normalizeCouponCode(command.data.code);
      const { phone, shippingPhone, addressKey } = redemptionIdentity(command.data);
      const who = { phone, ...(shippingPhone ? { shippingPhone } : {}), ...(addressKey ? { addressKey } : {}) };
      return [{ type: 'CouponRedeemed', data: { code, orderId, ...who, percent, redeemedAt: now.toISOString() } }];
    }
    case 'ReleaseCouponRedemption': {
      const { orderId, reason } = command.data;
      const phone = state.exists ? state.redemptions[orderId]?.phone : undefined;
      if (phone === undefined) throw new NoSuchRedemption(orderId);
      return [{ type: 'CouponRedemptionReleased', data: { code: normalizeCouponCode(command.data.code), orderId, phone, reason } }];
    }
    case 'CreateCoupon': {
      const code = normalizeCouponCode(command.data.code);
      if (state.exists) throw new ConflictError('coupon-exists', { code });
      return [{ type: 'CouponCreated', data: { ...command.data, code } }];
    }
    case 'DisableCoupon': {
      const code = normalizeCouponCode(command.data.code);
      if (!state.exists) throw new NotFoundError('coupon-unknown', { code });
      if (state.disabled) throw new ConflictError('coupon-already-disabled', { code });
      return [{ type: 'CouponDisabled', data: { code, reason: command.data.reason } }];
    }
  }
}

/** The rules of one coupon stream (`coupon-<CODE>`). */
export const couponDecider: Decider<CouponCommand, CouponEvent, CouponState> = { decide, evolve, initialState };
