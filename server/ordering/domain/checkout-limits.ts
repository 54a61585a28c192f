import { ERASED } from '../../event-store/personal-data/personal-data';
import type { CartLine } from './checkout';
import { normalizeSize } from '../../inventory/domain/sku-stream';
import { OrderRuleViolation, PhoneBlocked, TooManyOpenOrders, TooManyUnitsHeld, TooManyUnpaidOrders } from './order.errors';

/**
 * The limits that keep fake and careless orders from holding the shop's stock (issues 14 and 27).
 * Store settings, overridable by the environment; 0 turns the per-address or per-phone limit off.
 */
export interface CheckoutLimits {
  /** Checkouts one address may send per hour (`CHECKOUT_LIMIT_PER_IP_HOUR`). */
  perIpHour: number;
  /**
   * Units one client address may hold in unconfirmed orders placed within the last hour
   * (`CHECKOUT_UNITS_PER_IP_HOUR`, issue 27).
   */
  unitsPerIpHour: number;
  /**
   * Open orders one phone may have, as contact or shipping phone: pending or confirmed cash-on-delivery orders,
   * and bKash orders whose payment care has not verified yet (issue 27: a made-up transaction id is no payment).
   */
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
  unitsPerIpHour: 60,
  openOrdersPerPhone: 3,
  maxUnitsPerLine: 10,
  maxUnitsPerOrder: 30,
  pendingExpiryHours: 48,
  phoneVerification: 'off',
};

/** What the store knows about the phones of a checkout when it is decided. */
export interface PhoneStanding {
  /** Open unpaid orders per phone number (contact or shipping phone): COD, and bKash not verified yet. */
  openOrders: ReadonlyMap<string, number>;
  /** Of those, the bKash orders whose payment care has not verified yet. */
  unverifiedBkash: ReadonlyMap<string, number>;
  blocked: ReadonlySet<string>;
}

export const NO_PHONE_STANDING: PhoneStanding = { openOrders: new Map(), unverifiedBkash: new Map(), blocked: new Set() };

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
 * A blocked phone is refused whatever the payment. An order is refused when one of its phones already has
 * `openOrdersPerPhone` open unpaid orders, whatever its own payment: a new bKash order is unpaid too until care
 * has checked its transaction id (issue 27). The refusal names what is waiting: cash-on-delivery orders, or
 * orders among which a bKash payment is not checked yet.
 */
export function checkPhones(phones: readonly string[], standing: PhoneStanding, limits: Pick<CheckoutLimits, 'openOrdersPerPhone'>): void {
  if (phones.some((phone) => standing.blocked.has(phone))) throw new PhoneBlocked();
  if (limits.openOrdersPerPhone <= 0) return;
  const full = phones.filter((phone) => (standing.openOrders.get(phone) ?? 0) >= limits.openOrdersPerPhone);
  if (full.length === 0) return;
  const open = Math.max(...full.map((phone) => standing.openOrders.get(phone) ?? 0));
  throw full.some((phone) => (standing.unverifiedBkash.get(phone) ?? 0) > 0) ? new TooManyUnpaidOrders(open) : new TooManyOpenOrders(open);
}

/** One order still holding units for the address it was placed from: its units and when it was placed. */
export interface AddressHold {
  units: number;
  placedAt: Date;
}

export const ADDRESS_HOLD_WINDOW_MS = 60 * 60 * 1000;

/**
 * The per-address budget of units (issue 27): the units of the address's unconfirmed orders placed within the
 * last hour, plus this order's, may not pass `unitsPerIpHour`. The refusal (429) says when enough of them leave
 * the hour for this order to fit; an order larger than the whole budget is told to wait the full hour.
 */
export function checkAddressUnits(units: number, holds: readonly AddressHold[], now: Date, limits: Pick<CheckoutLimits, 'unitsPerIpHour'>): void {
  const max = limits.unitsPerIpHour;
  if (max <= 0) return;
  const live = holds.filter((hold) => now.getTime() - hold.placedAt.getTime() < ADDRESS_HOLD_WINDOW_MS).sort((a, b) => a.placedAt.getTime() - b.placedAt.getTime());
  let held = live.reduce((sum, hold) => sum + hold.units, 0);
  if (held + units <= max) return;
  let retryAt = now.getTime() + ADDRESS_HOLD_WINDOW_MS;
  if (units <= max) {
    for (const hold of live) {
      held -= hold.units;
      if (held + units <= max) {
        retryAt = hold.placedAt.getTime() + ADDRESS_HOLD_WINDOW_MS;
        break;
      }
    }
  }
  throw new TooManyUnitsHeld(Math.max(1, Math.ceil((retryAt - now.getTime()) / 1000)));
}

/** The units of a cart as the unit caps count them (whole positive quantities). */
export function cartUnits(cart: readonly CartLine[]): number {
  return cart.reduce((sum, line) => sum + (Number.isInteger(line.quantity) && line.quantity > 0 ? line.quantity : 0), 0);
}
