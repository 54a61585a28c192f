import { ERASED } from '../../event-store/personal-data/personal-data';
import type { CartLine } from './checkout';
import { normalizeSize } from '../../inventory/domain/sku-stream';
import { OrderRuleViolation, PhoneBlocked, TooManyOpenOrders } from './order.errors';

/**
 * The limits that keep fake and careless cash-on-delivery orders from holding the shop's stock (issue 14).
 * Store settings, overridable by the environment; 0 turns the per-address or per-phone limit off.
 */
export interface CheckoutLimits {
  /** Checkouts one address may send per hour (`CHECKOUT_LIMIT_PER_IP_HOUR`). */
  perIpHour: number;
  /** Open (pending or confirmed) COD orders one phone may have, as contact or shipping phone. */
  openOrdersPerPhone: number;
  maxUnitsPerLine: number;
  maxUnitsPerOrder: number;
  /** Hours a pending order lives before it expires on its own. */
  pendingExpiryHours: number;
  /** Whether a checkout must prove its phone with an SMS code (issue 17): never, for risky phones, always. */
  phoneVerification: PhoneVerificationSetting;
}

export type PhoneVerificationSetting = 'off' | 'risky' | 'always';

export const DEFAULT_CHECKOUT_LIMITS: CheckoutLimits = {
  perIpHour: 120,
  openOrdersPerPhone: 3,
  maxUnitsPerLine: 10,
  maxUnitsPerOrder: 30,
  pendingExpiryHours: 48,
  phoneVerification: 'off',
};

/** What the store knows about the phones of a checkout when it is decided. */
export interface PhoneStanding {
  /** Open COD orders per phone number (contact or shipping phone). */
  openCodOrders: ReadonlyMap<string, number>;
  blocked: ReadonlySet<string>;
}

export const NO_PHONE_STANDING: PhoneStanding = { openCodOrders: new Map(), blocked: new Set() };

/** The distinct phone numbers an order is for: the contact phone and the shipping phone. */
export function orderPhones(customer: { phone: string; shippingPhone: string }): string[] {
  // An erased person's phone reads ERASED (ADR 053): it counts for no phone.
  return [...new Set([customer.phone, customer.shippingPhone].filter((phone) => Boolean(phone) && phone !== ERASED))];
}

/**
 * At most `maxUnitsPerLine` of one product and size (lines of the same SKU added up) and `maxUnitsPerOrder`
 * in all: a 422 on the line (`cart.2.qty`) or the cart.
 */
export function checkUnitCaps(cart: readonly CartLine[], limits: Pick<CheckoutLimits, 'maxUnitsPerLine' | 'maxUnitsPerOrder'>, field: string): void {
  const perSku = new Map<string, { units: number; index: number }>();
  let total = 0;
  cart.forEach((line, index) => {
    const quantity = Number.isInteger(line.quantity) && line.quantity > 0 ? line.quantity : 0;
    const key = `${line.productId}/${normalizeSize(String(line.size))}`;
    const entry = perSku.get(key) ?? { units: 0, index };
    entry.units += quantity;
    perSku.set(key, entry);
    total += quantity;
  });
  for (const { units, index } of perSku.values()) {
    if (units > limits.maxUnitsPerLine) {
      throw new OrderRuleViolation(`${field}.${index}.qty`, 'line-limit', { max: limits.maxUnitsPerLine });
    }
  }
  if (total > limits.maxUnitsPerOrder) throw new OrderRuleViolation(field, 'order-limit', { max: limits.maxUnitsPerOrder });
}

/**
 * A blocked phone is refused whatever the payment; a cash-on-delivery order is refused when one of its
 * phones already has `openOrdersPerPhone` open COD orders.
 */
export function checkPhones(phones: readonly string[], cashOnDelivery: boolean, standing: PhoneStanding, limits: Pick<CheckoutLimits, 'openOrdersPerPhone'>): void {
  if (phones.some((phone) => standing.blocked.has(phone))) throw new PhoneBlocked();
  if (!cashOnDelivery || limits.openOrdersPerPhone <= 0) return;
  const open = Math.max(0, ...phones.map((phone) => standing.openCodOrders.get(phone) ?? 0));
  if (open >= limits.openOrdersPerPhone) throw new TooManyOpenOrders(open);
}
