import type { SkuState } from '../../inventory/domain/sku';
import { skuStreamId } from '../../inventory/domain/sku-stream';
import { priceLines, reserveStock, type CartLine, type CatalogProduct } from './checkout';
import { checkPhones, checkUnitCaps, orderPhones, type CheckoutLimits, type PhoneStanding } from './checkout-limits';
import type { Paisa } from './money';
import type { InstantOrderPlaced, OrderCustomer } from './order.events';
import { OrderRuleViolation } from './order.errors';
import { orderStreamId } from './order-id';
import type { StreamEvents } from '../../event-store/command-path/decider';

/**
 * A phone order taken by staff (order type 2). Staff state the money (amount, discount, advance); the due is
 * what is left. Lines, when given, are reserved like an online order's so stock stays true.
 */
export type PlaceInstantOrder = {
  type: 'PlaceInstantOrder';
  data: {
    orderId: string;
    now: Date;
    customer: OrderCustomer;
    paymentType: string;
    amountPaisa: Paisa;
    discountPaisa: Paisa;
    advancePaisa: Paisa;
    lines: CartLine[];
  };
};

export function instantOrderStreams(lines: readonly CartLine[]): string[] {
  const ids = new Set<string>();
  for (const line of lines) {
    try {
      ids.add(skuStreamId(line.productId, line.size));
    } catch {
      // refused with a field error by decideInstantOrder
    }
  }
  return [...ids].sort();
}

/**
 * Rules of an instant order: amounts are whole paisa, discount within the amount, advance within what is
 * owed; the unit caps and a blocked phone apply as at checkout (staff take it, so the open-order limit does not).
 */
export function decideInstantOrder(
  command: PlaceInstantOrder,
  states: {
    products: ReadonlyMap<number, CatalogProduct>;
    skus: ReadonlyMap<string, SkuState>;
    limits: Pick<CheckoutLimits, 'maxUnitsPerLine' | 'maxUnitsPerOrder'>;
    phones: PhoneStanding;
  },
): StreamEvents[] {
  const { orderId, now, customer, paymentType, amountPaisa, discountPaisa, advancePaisa } = command.data;
  checkUnitCaps(command.data.lines, states.limits, 'lines');
  checkPhones(orderPhones(customer), states.phones, { openOrdersPerPhone: 0 });
  for (const [field, value] of [['amount', amountPaisa], ['discount', discountPaisa], ['advance', advancePaisa]] as const) {
    if (!Number.isInteger(value) || value < 0) throw new OrderRuleViolation(field, 'amount-not-negative', { field });
  }
  if (amountPaisa === 0) throw new OrderRuleViolation('amount', 'amount-zero');
  if (discountPaisa > amountPaisa) throw new OrderRuleViolation('discount', 'discount-over-amount');
  if (advancePaisa > amountPaisa - discountPaisa) throw new OrderRuleViolation('advance', 'advance-over-amount');
  const type = paymentType.trim();
  if (!type) throw new OrderRuleViolation('payment_type', 'payment-type-required');

  const lines = priceLines(command.data.lines, states.products, 'lines');
  const skuStreams = reserveStock(lines, orderId, states.skus);
  const placed: InstantOrderPlaced = {
    type: 'InstantOrderPlaced',
    data: {
      orderId,
      orderType: 2,
      placedAt: now.toISOString(),
      customer,
      payment: { type, amountPaisa, discountPaisa, advancePaisa, duePaisa: amountPaisa - discountPaisa - advancePaisa },
      lines,
    },
  };
  return [{ streamId: orderStreamId(orderId), events: [placed] }, ...skuStreams];
}
