import { createHash } from 'node:crypto';
import { normalizePhone } from '../../../contracts/phone';
import { placeKeyOf } from './address-identity';

/**
 * Who is using a coupon, as far as a per-phone limit can tell: the contact phone, the shipping phone and
 * the delivery address of the order. One person changing one digit of the contact phone still has the same
 * shipping phone and address, so the use is still theirs (issue 15); the address is compared by its
 * canonical form, so rewording it does not make a new person either (issue 27, `address-identity.ts`).
 */
export interface CouponUser {
  phone: string;
  shippingPhone?: string;
  address?: string;
  /** Whether the contact phone was proved by a one-time code at checkout (the checkout's phone proof, issue 17). */
  phoneVerified?: boolean;
}

/**
 * What a redemption remembers of its user: phones normalised, the address only as a key. `placeKey` is the
 * canonical address's key (since issue 27); `addressKey` the older key of uses recorded before it, which
 * compared the address's words as written. A use recorded before has its `placeKey` computed from its order's
 * address when a checkout decides (`withPlaceKeys`).
 */
export interface RedemptionIdentity {
  phone: string;
  shippingPhone?: string;
  addressKey?: string;
  placeKey?: string;
}

/** The store's one phone rule (contracts/phone): `+880 1711-111111`, Bengali digits and `01711111111` are one phone. */
export function normalizeCouponPhone(value: string): string {
  return normalizePhone(value);
}

/**
 * The key uses recorded before issue 27 carry: the address's words (letters and digits, any script, case and
 * punctuation ignored), at least four of them and a number among them. Kept to compare a new address with those
 * uses when their order's address cannot be read (an erased order); `placeKeyOf` is the rule now.
 */
export function addressKey(address: string | undefined): string | undefined {
  if (!address) return undefined;
  const words = address.normalize('NFKC').toLowerCase().match(/[\p{L}\p{M}\p{N}]+/gu) ?? [];
  if (words.length < 4 || !words.some((word) => /\p{N}/u.test(word))) return undefined;
  return createHash('sha256').update(words.join(' ')).digest('hex').slice(0, 32);
}

/** A new use's identity: normalised phones and the canonical address's key. */
export function redemptionIdentity(user: CouponUser): RedemptionIdentity {
  const phone = normalizeCouponPhone(user.phone);
  const shippingPhone = user.shippingPhone ? normalizeCouponPhone(user.shippingPhone) : undefined;
  const key = placeKeyOf(user.address);
  return { phone, ...(shippingPhone && shippingPhone !== phone ? { shippingPhone } : {}), ...(key ? { placeKey: key } : {}) };
}

/**
 * Whether a held use and a new one are the same user's: a phone in common (contact or shipping, either way) or
 * the same household. `legacyKey` is the new address's key by the old rule, for a held use that has no
 * `placeKey` (recorded before issue 27, its order's address unreadable).
 */
export function sameUser(held: RedemptionIdentity, identity: RedemptionIdentity, legacyKey?: string): boolean {
  const phonesA = [held.phone, held.shippingPhone].filter(Boolean);
  const phonesB = new Set([identity.phone, identity.shippingPhone].filter(Boolean));
  if (phonesA.some((phone) => phonesB.has(phone))) return true;
  if (held.placeKey !== undefined) return held.placeKey === identity.placeKey;
  return held.addressKey !== undefined && held.addressKey === legacyKey;
}
