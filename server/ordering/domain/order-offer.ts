import { percentOf } from './money';
import type { LineKey, OrderLine, OrderOffer } from './order.events';

/**
 * The lucky-draw offer's rule on an order's lines (issue 27): its percent of the catalog price of the units
 * that came from the offer page. An amendment keeps the rule as it applied when the order was placed and
 * recomputes the discount on the amended lines (`amendOfferUnits`, `offerDiscountOf`).
 */

const lineKey = (line: Pick<LineKey, 'productId' | 'size'>) => `${line.productId}/${line.size}`;

/** The catalog value of the offer's units on these lines. */
export function offerValueOf(units: readonly LineKey[], lines: readonly OrderLine[]): number {
  const prices = new Map(lines.map((line) => [lineKey(line), line]));
  return units.reduce((sum, unit) => {
    const line = prices.get(lineKey(unit));
    return line ? sum + Math.min(unit.quantity, line.quantity) * line.unitPricePaisa : sum;
  }, 0);
}

/** The offer's discount on these lines, or null when none of its units is left. */
export function offerDiscountOf(offer: Pick<OrderOffer, 'offerId' | 'percent'> & { lines: readonly LineKey[] }, lines: readonly OrderLine[]): OrderOffer | null {
  const units = offer.lines
    .map((unit) => ({ ...unit, quantity: Math.min(unit.quantity, lines.find((line) => lineKey(line) === lineKey(unit))?.quantity ?? 0) }))
    .filter((unit) => unit.quantity > 0);
  if (units.length === 0) return null;
  return { offerId: offer.offerId, percent: offer.percent, discountPaisa: percentOf(offerValueOf(units, lines), offer.percent), lines: units };
}

/**
 * The offer's units of an order as placed. Recorded in `OrderPlaced` since issue 27; for an older order, the
 * lines whose catalog value the recorded discount is the percent of (all of them in the usual case, else the
 * first subset of lines that gives it exactly, else the one that comes closest without going over).
 */
export function offerUnitsOf(offer: OrderOffer, lines: readonly OrderLine[]): LineKey[] {
  if (Array.isArray(offer.lines)) return offer.lines;
  const keys = (chosen: readonly OrderLine[]) => chosen.map((line) => ({ productId: line.productId, size: line.size, quantity: line.quantity }));
  const discountOf = (chosen: readonly OrderLine[]) => percentOf(offerValueOf(keys(chosen), lines), offer.percent);
  if (discountOf(lines) === offer.discountPaisa) return keys(lines);
  const candidates = lines.slice(0, 12);
  let best: OrderLine[] = [];
  let bestDiscount = 0;
  for (let mask = 1; mask < 1 << candidates.length; mask += 1) {
    const chosen = candidates.filter((_, index) => mask & (1 << index));
    const discount = discountOf(chosen);
    if (discount === offer.discountPaisa) return keys(chosen);
    if (discount < offer.discountPaisa && discount > bestDiscount) [best, bestDiscount] = [chosen, discount];
  }
  return keys(best);
}

/**
 * The offer's units after an amendment moved `from` (a line as it was, null for a line added) to `to` (the
 * line's key and quantity after, null for a line removed). A line that was all the offer's stays all the
 * offer's at its new size or quantity; part of a line keeps at most its units; units care adds to the order
 * come from no offer page and get no discount.
 */
export function amendOfferUnits(units: readonly LineKey[], from: LineKey | null, to: LineKey | null): LineKey[] {
  if (!from) return units.map((unit) => ({ ...unit }));
  const held = units.find((unit) => lineKey(unit) === lineKey(from))?.quantity ?? 0;
  const others = units.filter((unit) => lineKey(unit) !== lineKey(from)).map((unit) => ({ ...unit }));
  if (!to || held === 0) return others;
  const kept = held >= from.quantity ? to.quantity : Math.min(held, to.quantity);
  const existing = others.find((unit) => lineKey(unit) === lineKey(to));
  if (existing) existing.quantity += kept;
  else others.push({ productId: to.productId, size: to.size, quantity: kept });
  return others;
}
