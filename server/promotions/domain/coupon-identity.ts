import { createHash } from 'node:crypto';
import { normalizePhone } from '../../../contracts/phone';

/**
 * Who is using a coupon, as far as a per-phone limit can tell: the contact phone, the shipping phone and
 * the delivery address of the order. One person changing one digit of the contact phone still has the same
 * shipping phone and address, so the use is still theirs (issue 15).
 */
export interface CouponUser {
  phone: string;
  shippingPhone?: string;
  address?: string;
  /**
   * Whether the contact phone was proved by a one-time code. Nothing proves one yet (phone verification
   * comes with SMS); a coupon with `requiresVerifiedPhone` is refused until it does.
   */
  phoneVerified?: boolean;
}

/** What a redemption remembers of its user: phones normalised, the address only as a key (see addressKey). */
export interface RedemptionIdentity {
  phone: string;
  shippingPhone?: string;
  addressKey?: string;
}

/** The store's one phone rule (contracts/phone): `+880 1711-111111`, Bengali digits and `01711111111` are one phone. */
export function normalizeCouponPhone(value: string): string {
  return normalizePhone(value);
}

/**
 * A key for a delivery address precise enough to be one household's: its words (letters and digits, any
 * script, case and punctuation ignored), at least four of them and a number among them ("House 3, Road 2,
 * Mirpur, Dhaka"). A vague address ("Uttara, Dhaka", "Mirpur 10") is shared by thousands of customers and
 * gives no key: it would count strangers' uses against each other. Hashed, so the coupon's stream holds
 * no address.
 */
export function addressKey(address: string | undefined): string | undefined {
  if (!address) return undefined;
  const words = address.normalize('NFKC').toLowerCase().match(/[\p{L}\p{M}\p{N}]+/gu) ?? [];
  if (words.length < 4 || !words.some((word) => /\p{N}/u.test(word))) return undefined;
  return createHash('sha256').update(words.join(' ')).digest('hex').slice(0, 32);
}

export function redemptionIdentity(user: CouponUser): RedemptionIdentity {
  const phone = normalizeCouponPhone(user.phone);
  const shippingPhone = user.shippingPhone ? normalizeCouponPhone(user.shippingPhone) : undefined;
  const key = addressKey(user.address);
  return { phone, ...(shippingPhone && shippingPhone !== phone ? { shippingPhone } : {}), ...(key ? { addressKey: key } : {}) };
}

/** Whether two redemptions are the same user's: a phone in common (contact or shipping, either way) or the same address. */
export function sameUser(a: RedemptionIdentity, b: RedemptionIdentity): boolean {
  const phonesA = [a.phone, a.shippingPhone].filter(Boolean);
  const phonesB = new Set([b.phone, b.shippingPhone].filter(Boolean));
  if (phonesA.some((phone) => phonesB.has(phone))) return true;
  return a.addressKey !== undefined && a.addressKey === b.addressKey;
}
