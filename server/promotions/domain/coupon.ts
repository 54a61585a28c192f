import type { Decider } from '../../event-store/command-path/decider';
import type { CouponCreated, CouponEvent } from './coupon.events';
import { ConflictError, NotFoundError } from '../../common/errors/domain-error';
import { CouponRejected, NoSuchRedemption } from './coupon.errors';
import { normalizeCouponCode } from './coupon-stream';
import { addressKey, CouponUser, normalizeCouponPhone, RedemptionIdentity, redemptionIdentity, sameUser } from './coupon-identity';

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
/** Staff change whether the coupon needs a proven phone (issue 27). */
export type ChangeCouponPhoneProof = { type: 'ChangeCouponPhoneProof'; data: { code: string; requiresVerifiedPhone: boolean } };
export type CouponCommand = RedeemCoupon | ReleaseCouponRedemption | CreateCoupon | DisableCoupon | ChangeCouponPhoneProof;

function evolve(state: CouponState, event: CouponEvent): CouponState {
  switch (event.type) {
    case 'CouponCreated':
      return { exists: true, rules: { ...event.data, code: normalizeCouponCode(event.data.code) }, redemptions: {}, used: 0, disabled: false };
    case 'CouponRedeemed': {
      if (!state.exists) return state;
      const { orderId, phone, shippingPhone, addressKey: oldKey, placeKey } = event.data;
      // Uses recorded before issue 15 carry the contact phone only; before issue 27, the address's old key.
      const identity: RedemptionIdentity = {
        phone,
        ...(shippingPhone ? { shippingPhone } : {}),
        ...(oldKey ? { addressKey: oldKey } : {}),
        ...(placeKey ? { placeKey } : {}),
      };
      return { ...state, redemptions: { ...state.redemptions, [orderId]: identity }, used: state.used + 1 };
    }
    case 'CouponRedemptionReleased': {
      if (!state.exists || !(event.data.orderId in state.redemptions)) return state;
      const { [event.data.orderId]: _released, ...others } = state.redemptions;
      return { ...state, redemptions: others, used: state.used - 1 };
    }
    case 'CouponDisabled':
      return state.exists ? { ...state, disabled: true } : state;
    case 'CouponPhoneProofChanged':
      return state.exists ? { ...state, rules: { ...state.rules, requiresVerifiedPhone: event.data.requiresVerifiedPhone } } : state;
  }
}

/**
 * The uses recorded before issue 27 whose household is not known yet: their order ids. A checkout reads those
 * orders' addresses (they are in the orders' own events) and hands their keys to `withPlaceKeys`.
 */
export function usesWithoutPlace(state: CouponState): string[] {
  if (!state.exists) return [];
  return Object.entries(state.redemptions)
    .filter(([, held]) => held.placeKey === undefined)
    .map(([orderId]) => orderId);
}

/** The state with the household keys of older uses, computed from their orders' addresses (a copy; null: none). */
export function withPlaceKeys(state: CouponState, keys: ReadonlyMap<string, string | null>): CouponState {
  if (!state.exists) return state;
  let changed = false;
  const redemptions: Record<string, RedemptionIdentity> = {};
  for (const [orderId, held] of Object.entries(state.redemptions)) {
    const key = held.placeKey === undefined ? keys.get(orderId) : undefined;
    redemptions[orderId] = key ? { ...held, placeKey: key } : held;
    if (key) changed = true;
  }
  return changed ? { ...state, redemptions } : state;
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
  // apply-coupon names a phone at most, and cannot know whether the checkout will prove it.
  const preview = typeof user === 'string';
  const who = typeof user === 'string' ? { phone: user } : user;
  if (rules.requiresVerifiedPhone === true) {
    // The coupon needs the checkout's SMS phone proof; the proven phone is then who the user is (issue 27).
    if (!preview && who.phoneVerified !== true) throw new CouponRejected('phone-not-verified');
    if (usesByPhone(state, who.phone) >= rules.perPhoneLimit) throw new CouponRejected('used-by-phone');
    return rules.percent;
  }
  if (usesBy(state, redemptionIdentity(who), addressKey(who.address)) >= rules.perPhoneLimit) throw new CouponRejected('used-by-phone');
  return rules.percent;
}

/**
 * Uses held by the same user: a phone (contact or shipping) or the household in common. `legacyKey` is the
 * user's address by the rule before issue 27, for older uses whose household is not known (see `sameUser`).
 */
export function usesBy(state: Extract<CouponState, { exists: true }>, identity: RedemptionIdentity, legacyKey?: string): number {
  return Object.values(state.redemptions).filter((held) => sameUser(held, identity, legacyKey)).length;
}

/** Uses whose contact phone is this one: the identity of a coupon that needs a proven phone. */
export function usesByPhone(state: Extract<CouponState, { exists: true }>, phone: string): number {
  const proven = normalizeCouponPhone(phone);
  return Object.values(state.redemptions).filter((held) => held.phone === proven).length;
}

/** Every redemption rule: validity window, total limit, per-phone limit; a release gives back only a use held. */
function decide(command: CouponCommand, state: CouponState): CouponEvent[] {
  switch (command.type) {
    case 'RedeemCoupon': {
      const { orderId, now } = command.data;
      const percent = assertCouponUsable(state, now, command.data);
      const code = normalizeCouponCode(command.data.code);
      const { phone, shippingPhone, placeKey } = redemptionIdentity(command.data);
      const who = { phone, ...(shippingPhone ? { shippingPhone } : {}), ...(placeKey ? { placeKey } : {}), ...(command.data.phoneVerified === true ? { phoneVerified: true as const } : {}) };
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
      // Written only when set, so a coupon without the requirement keeps the shape it always had.
      const { requiresVerifiedPhone, ...rules } = command.data;
      return [{ type: 'CouponCreated', data: { ...rules, code, ...(requiresVerifiedPhone === true ? { requiresVerifiedPhone } : {}) } }];
    }
    case 'DisableCoupon': {
      const code = normalizeCouponCode(command.data.code);
      if (!state.exists) throw new NotFoundError('coupon-unknown', { code });
      if (state.disabled) throw new ConflictError('coupon-already-disabled', { code });
      return [{ type: 'CouponDisabled', data: { code, reason: command.data.reason } }];
    }
    case 'ChangeCouponPhoneProof': {
      const code = normalizeCouponCode(command.data.code);
      if (!state.exists) throw new NotFoundError('coupon-unknown', { code });
      if ((state.rules.requiresVerifiedPhone === true) === command.data.requiresVerifiedPhone) return [];
      return [{ type: 'CouponPhoneProofChanged', data: { code, requiresVerifiedPhone: command.data.requiresVerifiedPhone } }];
    }
  }
}

/** The rules of one coupon stream (`coupon-<CODE>`). */
export const couponDecider: Decider<CouponCommand, CouponEvent, CouponState> = { decide, evolve, initialState };
