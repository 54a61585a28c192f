import { OutOfStock } from '../../inventory/domain/sku.errors';
import { skuDecider, type SkuState } from '../../inventory/domain/sku';
import { normalizeSize, skuStreamId } from '../../inventory/domain/sku-stream';
import { ConflictError } from '../../common/errors/domain-error';
import type { StreamEvents } from '../../event-store/command-path/decider';
import type { CatalogProduct, DeliveryCharges } from './checkout';
import { defaultZones, deliveryChargePaisa, zoneOfArea } from '../../catalog/areas/delivery-zones';
import { checkPhones, checkUnitCaps, type CheckoutLimits, type PhoneStanding } from './checkout-limits';
import { percentOf } from './money';
import type { DeliveryArea, LineKey, OrderEvent, OrderLine, OrderOffer, OrderTotals } from './order.events';
import { areaIndex } from '../../catalog/areas/area-index';
import { amendOfferUnits, offerDiscountOf } from './order-offer';
import { OrderRuleViolation, ProductOutOfStock, UnknownOrder } from './order.errors';
import type { OrderState } from './order';
import { orderStreamId } from './order-id';

/** The area care picked (ADR 059): district and thana from the area list, the landmark given or kept. */
function newDeliveryArea(areaId: string, landmark: string | null | undefined, current: DeliveryArea | null): DeliveryArea {
  const area = areaIndex().get(areaId.trim());
  if (!area) throw new OrderRuleViolation('area_id', 'area-unknown');
  const kept = landmark === undefined || landmark === null ? (current?.landmark ?? null) : landmark.trim() || null;
  if (kept && kept.length > 200) throw new OrderRuleViolation('landmark', 'landmark-too-long');
  return { areaId: area.id, district: area.district, thana: area.kind === 'district' ? null : area.name, landmark: kept };
}

/** What care may change on the customer's request (issue 14). */
export type Amendment =
  | { kind: 'shipping'; address?: string | null; shippingPhone?: string | null; areaId?: string | null; landmark?: string | null }
  | { kind: 'add-line'; productId: number; size: string; quantity: number }
  | { kind: 'change-line'; productId: number; size: string; newSize?: string | null; quantity?: number | null }
  | { kind: 'remove-line'; productId: number; size: string };

export type AmendOrder = { type: 'AmendOrder'; data: { orderId: string; now: Date; reason: string; change: Amendment } };

export interface AmendmentStates {
  order: OrderState;
  /** The SKU streams the amendment touches, with what this order holds on each. */
  skus: ReadonlyMap<string, SkuState>;
  products: ReadonlyMap<number, CatalogProduct>;
  limits: Pick<CheckoutLimits, 'maxUnitsPerLine' | 'maxUnitsPerOrder'>;
  phones: PhoneStanding;
  /** Issue 30: the zones and the weight of a unit, to re-price the delivery when care moves the order to another area. */
  delivery?: Pick<DeliveryCharges, 'insidePaisa' | 'outsidePaisa' | 'zones' | 'gramsPerUnit'>;
}

/**
 * The delivery charge of an online order moved to `areaId` (ADR 061): its zone's charge for the order's weight,
 * as checkout prices it; null when it is what the order has. The totals follow (the offer and coupon as they were).
 */
function repricedDelivery(
  order: Extract<OrderState, { orderId: string }>,
  areaId: string,
  charges: NonNullable<AmendmentStates['delivery']>,
): { delivery: { previousChargePaisa: number; chargePaisa: number; zoneId: string }; totals: OrderTotals } | null {
  const area = areaIndex().get(areaId);
  if (!area) return null;
  const zone = zoneOfArea(area, charges.zones ?? defaultZones(charges.insidePaisa / 100, charges.outsidePaisa / 100));
  const units = order.lines.reduce((sum, line) => sum + line.quantity, 0);
  const chargePaisa = deliveryChargePaisa(zone, units * (charges.gramsPerUnit ?? 250));
  if (chargePaisa === order.deliveryChargePaisa) return null;
  const totals = totalsOf(order.lines, { couponPercent: order.couponPercent, deliveryChargePaisa: chargePaisa }, order.offer);
  return { delivery: { previousChargePaisa: order.deliveryChargePaisa, chargePaisa, zoneId: zone.id }, totals };
}

/** A pending or confirmed order can be changed; later the parcel is being packed or is gone. */
export class OrderNotAmendable extends ConflictError<'order-not-amendable'> {
  constructor(status: string) {
    super('order-not-amendable', { status });
  }
}

/** The SKU streams an amendment reserves on or releases from, known from the command alone. */
export function amendmentStreams(change: Amendment): string[] {
  if (change.kind === 'shipping') return [];
  const ids = new Set<string>();
  try {
    ids.add(skuStreamId(change.productId, change.size));
    if (change.kind === 'change-line' && change.newSize) ids.add(skuStreamId(change.productId, change.newSize));
  } catch {
    // an impossible product or size: decideAmendment refuses it with a field error
  }
  return [...ids].sort();
}

/**
 * Every rule of an amendment: the order is pending or confirmed, online (instant orders' money was agreed by
 * staff), a reason is given; the new lines keep the unit caps, every new size is offered and priced from the
 * catalog, units are reserved (never more than the SKU has) and released in the same decision; the totals are
 * recomputed (the coupon's percent on the new subtotal, no new redemption). Pure.
 */
export function decideAmendment(command: AmendOrder, states: AmendmentStates): StreamEvents[] {
  const { order } = states;
  if (order.status === 'none') throw new UnknownOrder(command.data.orderId);
  if (order.status !== 'pending' && order.status !== 'confirmed') throw new OrderNotAmendable(order.status);
  const reason = typeof command.data.reason === 'string' ? command.data.reason.trim() : '';
  if (!reason) throw new OrderRuleViolation('reason', 'reason-required');
  const { orderId } = order;
  const at = command.data.now.toISOString();
  const change = command.data.change;

  if (change.kind === 'shipping') {
    const address = change.address?.trim() || order.address;
    const shippingPhone = change.shippingPhone?.trim() || order.shippingPhone;
    if (address.length > 500) throw new OrderRuleViolation('address', 'address-too-long');
    const area = change.areaId ? newDeliveryArea(change.areaId, change.landmark, order.deliveryArea ?? null) : null;
    const areaChanged = area !== null && JSON.stringify(area) !== JSON.stringify(order.deliveryArea ?? null);
    if (address === order.address && shippingPhone === order.shippingPhone && !areaChanged) throw new OrderRuleViolation('address', 'nothing-to-change-address');
    if (shippingPhone !== order.shippingPhone) checkPhones([shippingPhone], states.phones, { openOrdersPerPhone: 0 });
    // A changed area is recorded with the one it replaces (ADR 059), and re-prices the delivery by its zone (ADR 061).
    const areaFields = areaChanged ? { deliveryArea: area, previousArea: order.deliveryArea ?? null } : {};
    const repriced = areaChanged && order.orderType === 1 && states.delivery ? repricedDelivery(order, area.areaId, states.delivery) : null;
    // What it replaced (issue 31), so the timeline reads "Address … → …".
    const previous = {
      ...(address !== order.address ? { previousAddress: order.address } : {}),
      ...(shippingPhone !== order.shippingPhone ? { previousShippingPhone: order.shippingPhone } : {}),
    };
    return [{ streamId: orderStreamId(orderId), events: [{ type: 'ShippingDetailsChanged', data: { orderId, at, address, shippingPhone, ...areaFields, ...previous, ...(repriced ? { ...repriced, ...previousTotal(order) } : {}) } }] }];
  }
  if (order.orderType !== 1) throw new OrderRuleViolation('line', 'instant-order-lines-fixed');

  const size = normalizeSize(String(change.size));
  const index = order.lines.findIndex((line) => line.productId === change.productId && line.size === size);
  const lines = order.lines.map((line) => ({ ...line }));
  const moves: Array<{ sku: LineKey; delta: number }> = [];
  let event: OrderEvent;
  switch (change.kind) {
    case 'add-line': {
      const added = catalogLine(change.productId, size, change.quantity, states.products);
      if (index >= 0) lines[index].quantity += added.quantity;
      else lines.push(added);
      moves.push({ sku: { productId: added.productId, size, quantity: added.quantity }, delta: added.quantity });
      const offer = amendedOffer(order, lines, null, null);
      event = { type: 'OrderLineAdded', data: { orderId, at, line: added, lines, totals: totalsOf(lines, order, offer), ...offerField(order, offer), ...previousTotal(order) } };
      break;
    }
    case 'remove-line': {
      if (index < 0) throw new OrderRuleViolation('line', 'order-line-unknown');
      if (lines.length === 1) throw new OrderRuleViolation('line', 'order-last-line');
      const [removed] = lines.splice(index, 1);
      moves.push({ sku: { productId: removed.productId, size, quantity: removed.quantity }, delta: -removed.quantity });
      const offer = amendedOffer(order, lines, key(removed), null);
      event = { type: 'OrderLineRemoved', data: { orderId, at, line: key(removed), lines, totals: totalsOf(lines, order, offer), ...offerField(order, offer), ...previousTotal(order) } };
      break;
    }
    case 'change-line': {
      if (index < 0) throw new OrderRuleViolation('line', 'order-line-unknown');
      const from = lines[index];
      const newSize = change.newSize ? normalizeSize(String(change.newSize)) : size;
      const quantity = change.quantity ?? from.quantity;
      if (!Number.isInteger(quantity) || quantity < 1) throw new OrderRuleViolation('qty', 'quantity-invalid');
      if (newSize === size && quantity === from.quantity) throw new OrderRuleViolation('size', 'nothing-to-change-line');
      if (newSize === size) {
        lines[index] = { ...from, quantity };
        moves.push({ sku: { productId: from.productId, size, quantity }, delta: quantity - from.quantity });
      } else {
        const to = catalogLine(from.productId, newSize, quantity, states.products);
        lines.splice(index, 1);
        const existing = lines.findIndex((line) => line.productId === to.productId && line.size === newSize);
        if (existing >= 0) lines[existing] = { ...lines[existing], quantity: lines[existing].quantity + quantity };
        else lines.splice(index, 0, to);
        moves.push({ sku: { productId: from.productId, size, quantity: from.quantity }, delta: -from.quantity });
        moves.push({ sku: { productId: from.productId, size: newSize, quantity }, delta: quantity });
      }
      const to = { productId: from.productId, size: newSize, quantity };
      const offer = amendedOffer(order, lines, key(from), to);
      event = {
        type: 'OrderLineChanged',
        data: { orderId, at, from: key(from), to, lines, totals: totalsOf(lines, order, offer), ...offerField(order, offer), ...previousTotal(order) },
      };
      break;
    }
  }
  checkUnitCaps(lines, states.limits, 'lines');
  return [{ streamId: orderStreamId(orderId), events: [event] }, ...moveStock(moves, orderId, reason, states.skus, lines)];
}

function catalogLine(productId: number, size: string, quantity: number, products: ReadonlyMap<number, CatalogProduct>): OrderLine {
  const product = products.get(productId);
  if (!product) throw new OrderRuleViolation('id', 'product-unavailable');
  if (!product.sizes.includes(size)) throw new OrderRuleViolation('size', 'size-not-available', { size, product: product.name });
  if (!Number.isInteger(quantity) || quantity < 1) throw new OrderRuleViolation('qty', 'quantity-invalid');
  return { productId, size, name: product.name, slug: product.slug, thumbnail: product.thumbnail, quantity, unitPricePaisa: product.pricePaisa };
}

const key = (line: LineKey): LineKey => ({ productId: line.productId, size: line.size, quantity: line.quantity });

/**
 * Totals as at checkout: the offer's discount (recomputed on the amended lines, `amendedOffer`), then the
 * coupon's percent of what is left, the delivery charge chosen at checkout on top.
 */
export function totalsOf(lines: readonly OrderLine[], order: { couponPercent: number; deliveryChargePaisa: number; storeCredit?: { paisa: number } | null }, offer: OrderOffer | null = null): OrderTotals {
  const subtotalPaisa = lines.reduce((sum, line) => sum + line.quantity * line.unitPricePaisa, 0);
  const offerPaisa = offer?.discountPaisa ?? 0;
  const discountPaisa = offerPaisa + percentOf(subtotalPaisa - offerPaisa, order.couponPercent);
  // Store credit spent at checkout (ADR 062) still pays its part; a total below it is left at zero.
  const grandTotalPaisa = Math.max(0, subtotalPaisa - discountPaisa + order.deliveryChargePaisa - (order.storeCredit?.paisa ?? 0));
  return { subtotalPaisa, discountPaisa, deliveryChargePaisa: order.deliveryChargePaisa, grandTotalPaisa };
}

type PlacedOrder = Extract<OrderState, { orderId: string }>;

/**
 * The offer's discount after an amendment (issue 27): the offer's units follow the line that moved
 * (`amendOfferUnits`), and the offer's percent, as it was when the order was placed, applies to their catalog
 * price on the amended lines. An order placed without the offer gets none.
 */
function amendedOffer(order: PlacedOrder, lines: readonly OrderLine[], from: LineKey | null, to: LineKey | null): OrderOffer | null {
  if (!order.offer) return null;
  return offerDiscountOf({ ...order.offer, lines: amendOfferUnits(order.offer.lines, from, to) }, lines);
}

/** The grand total before the amendment (issue 31), when the order's stream says it. */
function previousTotal(order: PlacedOrder): { previousGrandTotalPaisa?: number } {
  return typeof order.totalPaisa === 'number' ? { previousGrandTotalPaisa: order.totalPaisa } : {};
}

/** `offer` is written only on orders placed with the offer, so other orders' amendments keep their old shape. */
function offerField(order: PlacedOrder, offer: OrderOffer | null): { offer?: OrderOffer | null } {
  return order.offer ? { offer } : {};
}

/** Net units per SKU, reserved (more) or released (fewer) by the SKU decider: never more than a SKU has. */
function moveStock(moves: ReadonlyArray<{ sku: LineKey; delta: number }>, orderId: string, reason: string, skus: ReadonlyMap<string, SkuState>, lines: readonly OrderLine[]): StreamEvents[] {
  const net = new Map<string, { productId: number; size: string; delta: number }>();
  for (const { sku, delta } of moves) {
    const streamId = skuStreamId(sku.productId, sku.size);
    const entry = net.get(streamId) ?? { productId: sku.productId, size: sku.size, delta: 0 };
    entry.delta += delta;
    net.set(streamId, entry);
  }
  const streams: StreamEvents[] = [];
  for (const [streamId, { productId, size, delta }] of net) {
    if (delta === 0) continue;
    const state = skus.get(streamId);
    if (!state) throw new Error(`SKU stream ${streamId} was not loaded`);
    try {
      const events =
        delta > 0
          ? skuDecider.decide({ type: 'ReserveStock', data: { productId, size, quantity: delta, orderId } }, state)
          : skuDecider.decide({ type: 'ReleaseStock', data: { productId, size, quantity: -delta, orderId, reason: `order changed: ${reason}` } }, state);
      streams.push({ streamId, events });
    } catch (error) {
      if (error instanceof OutOfStock) {
        const name = lines.find((line) => line.productId === productId)?.name ?? `Product ${productId}`;
        throw new ProductOutOfStock(name, size, error.available, 'qty');
      }
      throw error;
    }
  }
  return streams;
}
