import { OutOfStock } from '../../inventory/domain/sku.errors';
import { skuDecider, type SkuState } from '../../inventory/domain/sku';
import { normalizeSize, skuStreamId } from '../../inventory/domain/sku-stream';
import { CouponRejected } from '../../promotions/domain/coupon.errors';
import { couponDecider, type CouponState } from '../../promotions/domain/coupon';
import type { CouponRedeemed } from '../../promotions/domain/coupon.events';
import type { CouponUser } from '../../promotions/domain/coupon-identity';
import { couponStreamId, normalizeCouponCode } from '../../promotions/domain/coupon-stream';
import { cartUnits, checkAddressUnits, checkPhones, checkUnitCaps, orderPhones, type AddressHold, type CheckoutLimits, type PhoneStanding } from './checkout-limits';
import { percentOf, type Paisa } from './money';
import { orderAttribution, type AttributionInput } from './attribution';
import type { DeliveryArea, LineKey, OrderCustomer, OrderLine, OrderLocale, OrderPlaced, PaymentMethod, ShippingZone } from './order.events';
import { areaIndex } from '../../catalog/areas/area-index';
import { advanceFor, type AdvanceRules } from '../../catalog/areas/advance-rules';
import { defaultZones, deliveryChargePaisa, zoneOfArea, type DeliveryZone } from '../../catalog/areas/delivery-zones';
import { OrderRuleViolation, ProductOutOfStock } from './order.errors';
import { orderStreamId } from './order-id';
import type { StreamEvents } from '../../event-store/command-path/decider';
import { creditToSpend, storeCreditDecider, type StoreCreditState } from '../../returns/domain/store-credit';

/** A line as the shopper asked for it; the price the browser showed is not part of it (issue 3). */
export interface CartLine {
  productId: number;
  size: string;
  quantity: number;
  /** Added from the offer page: gets the running lucky-draw offer's discount (docs/decisions/051). */
  fromOffer?: boolean;
}

/** The lucky-draw offer running at checkout, as promotions states it; never numbers from the browser. */
export interface RunningOffer {
  offerId: string;
  percent: number;
}

/** The offer's rule can never give more than this, whatever the offer's stored percent says. */
export const MAX_OFFER_PERCENT = 10;

/** What the catalog says about a product at the moment of the order. */
export interface CatalogProduct {
  id: number;
  name: string;
  slug: string;
  thumbnail: string;
  pricePaisa: Paisa;
  sizes: readonly string[];
}

export interface DeliveryCharges {
  insidePaisa: Paisa;
  outsidePaisa: Paisa;
  /** Issue 30 (ADR 059): the zones an order with a picked area is priced by (absent: the defaults of the two charges). */
  zones?: readonly DeliveryZone[];
  /** The weight of one unit, in grams (absent: 250). */
  gramsPerUnit?: number;
  /** When an order needs an advance (absent: never). */
  advance?: AdvanceRules;
}

/** What the store knows of a phone's past orders when the checkout is decided (the advance rules read it). */
export interface PhoneHistory {
  /** Orders placed with the phone as contact phone before (any status). */
  orders: number;
  /** Of them, returned. */
  returned: number;
}

export type PlaceOrder = {
  type: 'PlaceOrder';
  data: {
    orderId: string;
    now: Date;
    customer: OrderCustomer;
    payment: { method: PaymentMethod; bkashNumber: string | null; transactionId: string | null; viaGateway?: true };
    /**
     * The delivery charge the shopper's page showed: without an area, one of the specification's two charges (the
     * choice of inside or outside Dhaka); with one, only checked against the zone's, never used (null: not sent).
     */
    deliveryChargePaisa: Paisa | null;
    /** Issue 30: the picked area (`t-12`) and an optional landmark; the zone of the area prices the delivery. */
    areaId?: string;
    landmark?: string | null;
    cart: CartLine[];
    couponCode: string | null;
    /** The offer running now, when a line came from the offer page (resolved by the handler); else null. */
    offer?: RunningOffer | null;
    /** The shopper's language (issue 18): absent is English. */
    locale?: OrderLocale;
    /** A phone proof as the shopper sent it; the handler checks it and sets `phoneVerified`. */
    phoneProof?: string;
    /** The contact phone was proven by a one-time code (checked by the handler, never by the browser's say-so). */
    phoneVerified?: boolean;
    /** Issue 33: where the shopper landed from (UTM parameters, Facebook's click id, the referring host). */
    attribution?: AttributionInput;
    /**
     * The client address the checkout came from, as the store's proxy settings decide it: counted against the
     * address's budget of units (issue 27), never recorded in the order's events.
     */
    clientAddress?: string | null;
    /** The shopper asked to pay with their store credit (ADR 062); the handler checks they may and names the stream. */
    useStoreCredit?: boolean;
    /** The contact phone's store-credit stream, set by the handler once the shopper is shown to own the phone. */
    storeCreditStream?: string;
  };
};

export interface CheckoutStates {
  products: ReadonlyMap<number, CatalogProduct>;
  delivery: DeliveryCharges;
  /** State of every SKU stream the cart touches, by stream id. */
  skus: ReadonlyMap<string, SkuState>;
  /** State of the coupon stream, when a code was given. */
  coupon: CouponState | null;
  limits: Pick<CheckoutLimits, 'openOrdersPerPhone' | 'maxUnitsPerLine' | 'maxUnitsPerOrder' | 'unitsPerIpHour'>;
  /** Open unpaid orders and blocks of the checkout's phones. */
  phones: PhoneStanding;
  /** The unconfirmed orders of the last hour placed from the checkout's client address (none without an address). */
  addressHolds?: readonly AddressHold[];
  /** The contact phone's past orders (absent: none known), for the advance rules. */
  phoneHistory?: PhoneHistory;
  /** The store-credit stream's state, when the checkout spends credit. */
  credit?: StoreCreditState | null;
}

/** The streams a checkout reads and writes besides the new order's own. */
export function checkoutStreams({ cart, couponCode, storeCreditStream }: Pick<PlaceOrder['data'], 'cart' | 'couponCode' | 'storeCreditStream'>): {
  skus: string[];
  coupon: string | null;
  credit: string | null;
} {
  const skus = new Set<string>();
  for (const line of cart) {
    const streamId = safeSkuStreamId(line);
    if (streamId) skus.add(streamId);
  }
  return { skus: [...skus].sort(), coupon: couponCode ? couponStreamId(couponCode) : null, credit: storeCreditStream ?? null };
}

/**
 * Every rule of a checkout, across the streams it touches: the unit caps, the phone's standing (not
 * blocked; fewer open unpaid orders than the limit) and the client address's budget of units; each line is a known product in an offered size,
 * priced from the catalog; the delivery charge is one of the two zones'; each SKU has the units (the SKU
 * decider's rule); the coupon may be used by this phone now (the coupon decider's rules); one lucky-draw
 * token per unit. Returns the events of every stream, the order's first. Pure: time comes in the command.
 */
export function decideCheckout(command: PlaceOrder, states: CheckoutStates): StreamEvents[] {
  const { orderId, now, customer, payment } = command.data;
  checkUnitCaps(command.data.cart, states.limits, 'cart');
  // Issue 32 (ADR 065): an order paid through the bKash gateway before anything ships is no cash-on-delivery
  // risk, so the open-orders limit (the way forward the refusal offers) does not stop it; a block still does.
  checkPhones(orderPhones(customer), states.phones, payment.method === 'bkash' && payment.viaGateway ? { openOrdersPerPhone: 0 } : states.limits);
  if (command.data.clientAddress) checkAddressUnits(cartUnits(command.data.cart), states.addressHolds ?? [], now, states.limits);
  const lines = priceLines(command.data.cart, states.products, 'cart');
  const units = lines.reduce((sum, line) => sum + line.quantity, 0);
  const delivery = deliveryOf(command.data, states.delivery, units);
  if (payment.method === 'bkash' && !payment.viaGateway && (!payment.bkashNumber || !payment.transactionId)) {
    throw new OrderRuleViolation('bkash_number', 'bkash-details-required');
  }
  const skuStreams = reserveStock(lines, orderId, states.skus);

  let coupon: OrderPlaced['data']['coupon'] = null;
  const streams: StreamEvents[] = [];
  if (command.data.couponCode) {
    const code = normalizeCouponCode(command.data.couponCode);
    // Contact phone, shipping phone and address all count towards the per-phone limit; the contact phone is
    // verified when the checkout carried a valid phone proof (issue 17).
    const user = { phone: customer.phone, shippingPhone: customer.shippingPhone, address: customer.address, phoneVerified: command.data.phoneVerified === true };
    const redeemed = redeemOnField(code, orderId, user, now, states.coupon);
    coupon = { code, percent: redeemed.data.percent };
    streams.push({ streamId: couponStreamId(code), events: [redeemed] });
  }

  const subtotalPaisa = lines.reduce((sum, line) => sum + line.quantity * line.unitPricePaisa, 0);
  const offer = offerDiscount(command.data.cart, states.products, command.data.offer ?? null);
  // A coupon applies to what is left after the offer's discount, so the two never count the same taka twice.
  const discountPaisa = (offer?.discountPaisa ?? 0) + (coupon ? percentOf(subtotalPaisa - (offer?.discountPaisa ?? 0), coupon.percent) : 0);
  const deliveryChargePaisa = delivery.shipping.chargePaisa;
  // Store credit pays what it can of the total (ADR 062); none left to spend refuses, so the shopper is told.
  let storeCredit: OrderPlaced['data']['storeCredit'] = undefined;
  if (command.data.storeCreditStream) {
    const credit = states.credit ?? { balancePaisa: 0 };
    const paisa = creditToSpend(credit.balancePaisa, subtotalPaisa - discountPaisa + deliveryChargePaisa);
    if (paisa <= 0) throw new OrderRuleViolation('use_store_credit', 'store-credit-empty');
    const spent = storeCreditDecider.decide({ type: 'SpendStoreCredit', data: { amountPaisa: paisa, orderId, now } }, credit);
    storeCredit = { paisa, streamId: command.data.storeCreditStream };
    streams.push({ streamId: command.data.storeCreditStream, events: spent });
  }
  const grandTotalPaisa = subtotalPaisa - discountPaisa + deliveryChargePaisa - (storeCredit?.paisa ?? 0);
  const history = states.phoneHistory ?? { orders: 0, returned: 0 };
  const advance = states.delivery.advance
    ? advanceFor(states.delivery.advance, {
        firstOrder: history.orders === 0,
        phoneHasReturns: history.returned > 0,
        grandTotalPaisa,
        deliveryChargePaisa,
        districtId: delivery.districtId,
      })
    : null;
  const attribution = orderAttribution(command.data.attribution);
  // Nothing left to pay after the credit: no advance to wait for.
  const advanceDue = advance && grandTotalPaisa > 0 ? { ...advance, paisa: Math.min(advance.paisa, grandTotalPaisa) } : null;
  const placed: OrderPlaced = {
    type: 'OrderPlaced',
    data: {
      orderId,
      orderType: 1,
      placedAt: now.toISOString(),
      customer,
      payment,
      shipping: delivery.shipping,
      ...(delivery.area ? { deliveryArea: delivery.area } : {}),
      ...(advanceDue ? { advance: advanceDue } : {}),
      lines,
      coupon,
      ...(offer ? { offer } : {}),
      totals: { subtotalPaisa, discountPaisa, deliveryChargePaisa, grandTotalPaisa },
      ...(storeCredit ? { storeCredit } : {}),
      luckyDrawTokens: luckyDrawTokens(orderId, units),
      // Recorded only when not the default, so orders placed in English keep the shape they always had.
      ...(command.data.locale && command.data.locale !== 'en' ? { locale: command.data.locale } : {}),
      ...(command.data.phoneVerified ? { phoneVerified: true as const } : {}),
      ...(attribution ? { attribution } : {}),
    },
  };
  return [{ streamId: orderStreamId(orderId), events: [placed] }, ...skuStreams, ...streams];
}

/**
 * The offer's discount: its percent (at most 10) of the catalog price of the lines added from the offer page.
 * No running offer, or no such line: no discount. `lines` records those units per line, so an amendment can
 * apply the same rule to the amended lines (issue 27).
 */
function offerDiscount(cart: readonly CartLine[], products: ReadonlyMap<number, CatalogProduct>, offer: RunningOffer | null): OrderPlaced['data']['offer'] {
  if (!offer) return null;
  const percent = Math.min(Math.max(0, Math.trunc(offer.percent)), MAX_OFFER_PERCENT);
  const offerSubtotal = cart.filter((line) => line.fromOffer).reduce((sum, line) => sum + line.quantity * (products.get(line.productId)?.pricePaisa ?? 0), 0);
  if (offerSubtotal === 0 || percent === 0) return null;
  const units = new Map<string, LineKey>();
  for (const line of cart) {
    if (!line.fromOffer || !products.has(line.productId)) continue;
    const size = normalizeSize(line.size);
    const unit = units.get(`${line.productId}/${size}`) ?? { productId: line.productId, size, quantity: 0 };
    unit.quantity += line.quantity;
    units.set(`${line.productId}/${size}`, unit);
  }
  return { offerId: offer.offerId, percent, discountPaisa: percentOf(offerSubtotal, percent), lines: [...units.values()] };
}

/**
 * Lines priced from the catalog, same product and size merged into one line. `field` prefixes the error keys
 * (`cart.2.size`), so a shopper's form can point at the line.
 */
export function priceLines(cart: readonly CartLine[], products: ReadonlyMap<number, CatalogProduct>, field: string): OrderLine[] {
  const merged = new Map<string, OrderLine>();
  cart.forEach((line, index) => {
    const product = products.get(line.productId);
    if (!product) throw new OrderRuleViolation(`${field}.${index}.id`, 'product-unavailable');
    const size = normalizeSize(line.size);
    if (!product.sizes.includes(size)) throw new OrderRuleViolation(`${field}.${index}.size`, 'size-not-available', { size, product: product.name });
    if (!Number.isInteger(line.quantity) || line.quantity < 1) throw new OrderRuleViolation(`${field}.${index}.qty`, 'quantity-invalid');
    const key = `${product.id}/${size}`;
    const existing = merged.get(key);
    if (existing) existing.quantity += line.quantity;
    else {
      merged.set(key, {
        productId: product.id,
        size,
        name: product.name,
        slug: product.slug,
        thumbnail: product.thumbnail,
        quantity: line.quantity,
        unitPricePaisa: product.pricePaisa,
      });
    }
  });
  return [...merged.values()];
}

/** A `StockReserved` per line, decided by the SKU decider; any line short of stock fails the whole order. */
export function reserveStock(lines: readonly OrderLine[], orderId: string, skus: ReadonlyMap<string, SkuState>): StreamEvents[] {
  return lines.map((line) => {
    const streamId = skuStreamId(line.productId, line.size);
    const state = skus.get(streamId);
    if (!state) throw new Error(`SKU stream ${streamId} was not loaded`);
    try {
      const events = skuDecider.decide({ type: 'ReserveStock', data: { productId: line.productId, size: line.size, quantity: line.quantity, orderId } }, state);
      return { streamId, events };
    } catch (error) {
      if (error instanceof OutOfStock) throw new ProductOutOfStock(line.name, line.size, error.available, 'cart');
      throw error;
    }
  });
}

function shippingZone(chargePaisa: Paisa | null, delivery: DeliveryCharges): ShippingZone {
  if (chargePaisa === delivery.insidePaisa) return 'inside';
  if (chargePaisa === delivery.outsidePaisa) return 'outside';
  throw new OrderRuleViolation('devliery_charge', 'shipping-required');
}

/**
 * How the order is shipped and what it costs (ADR 059). With a picked area: the area's zone, its charge for the
 * parcel's weight (units × the weight of a product), whatever the browser sent; `zone` says inside Dhaka for
 * Dhaka city's zone. Without one: the specification's choice, which must be one of its two charges.
 */
function deliveryOf(
  data: PlaceOrder['data'],
  charges: DeliveryCharges,
  units: number,
): { shipping: OrderPlaced['data']['shipping']; area: DeliveryArea | null; districtId: string | null } {
  if (!data.areaId) return { shipping: { zone: shippingZone(data.deliveryChargePaisa, charges), chargePaisa: data.deliveryChargePaisa! }, area: null, districtId: null };
  const area = areaIndex().get(data.areaId);
  if (!area) throw new OrderRuleViolation('area_id', 'area-unknown');
  const zones = charges.zones ?? defaultZones(charges.insidePaisa / 100, charges.outsidePaisa / 100);
  const zone = zoneOfArea(area, zones);
  const weightGrams = units * (charges.gramsPerUnit ?? 250);
  const chargePaisa = deliveryChargePaisa(zone, weightGrams);
  const inside = zone.id === zoneOfArea(areaIndex().get('t-28')!, zones).id;
  return {
    shipping: { zone: inside ? 'inside' : 'outside', chargePaisa, zoneId: zone.id, weightGrams },
    area: { areaId: area.id, district: area.district, thana: area.kind === 'district' ? null : area.name, landmark: data.landmark?.trim() || null },
    districtId: area.districtId,
  };
}

function redeemOnField(code: string, orderId: string, user: CouponUser, now: Date, state: CouponState | null): CouponRedeemed {
  try {
    const [event] = couponDecider.decide({ type: 'RedeemCoupon', data: { code, orderId, now, ...user } }, state ?? { exists: false });
    return event as CouponRedeemed;
  } catch (error) {
    if (error instanceof CouponRejected) throw error.onField('coupon');
    throw error;
  }
}

/** One token per unit, derived from the order id so they are unique without a shared counter (docs/decisions/016). */
export function luckyDrawTokens(orderId: string, units: number): string[] {
  return Array.from({ length: units }, (_, index) => `${orderId}-${index + 1}`);
}

function safeSkuStreamId(line: CartLine): string | null {
  try {
    return skuStreamId(line.productId, line.size);
  } catch {
    return null; // an impossible product id or size: decideCheckout refuses the line with a field error
  }
}
