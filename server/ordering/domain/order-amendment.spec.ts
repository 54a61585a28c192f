import { fold } from '../../event-store/command-path/decider';
import { NO_PHONE_STANDING } from './checkout-limits';
import type { CatalogProduct } from './checkout';
import { decideAmendment, type Amendment } from './order-amendment';
import type { OrderEvent, OrderLine, OrderPlaced, OrderTotals } from './order.events';
import { orderDecider } from './order';

/**
 * Issue 27: an amendment used to recompute the totals with the coupon alone, so a 10 % offer order that care
 * changed lost its offer discount and the shopper was overcharged. The offer's rule, as it applied when the
 * order was placed, now applies to the amended lines.
 */
const now = new Date('2026-11-10T10:00:00.000Z');
const tee: CatalogProduct = { id: 1, name: 'Tiger Tee', slug: 'tiger', thumbnail: '/t.svg', pricePaisa: 50_000, sizes: ['S', 'M', 'L'] };
const polo: CatalogProduct = { id: 2, name: 'Polo', slug: 'polo', thumbnail: '/p.svg', pricePaisa: 80_000, sizes: ['M'] };
const line = (product: CatalogProduct, size: string, quantity: number): OrderLine => ({
  productId: product.id,
  size,
  name: product.name,
  slug: product.slug,
  thumbnail: product.thumbnail,
  quantity,
  unitPricePaisa: product.pricePaisa,
});

function placed(lines: OrderLine[], offer: OrderPlaced['data']['offer'], couponPercent = 0): OrderPlaced {
  const subtotalPaisa = lines.reduce((sum, l) => sum + l.quantity * l.unitPricePaisa, 0);
  const discountPaisa = (offer?.discountPaisa ?? 0) + Math.round(((subtotalPaisa - (offer?.discountPaisa ?? 0)) * couponPercent) / 100);
  return {
    type: 'OrderPlaced',
    data: {
      orderId: 'K7M2P9QX',
      orderType: 1,
      placedAt: '2026-11-09T08:00:00.000Z',
      customer: { name: 'Rahim', email: null, phone: '01711111111', address: 'House 3, Road 2, Mirpur', shippingPhone: '01711111111', userId: null },
      payment: { method: 'cash', bkashNumber: null, transactionId: null },
      shipping: { zone: 'inside', chargePaisa: 7000 },
      lines,
      coupon: couponPercent ? { code: 'EID10', percent: couponPercent } : null,
      ...(offer ? { offer } : {}),
      totals: { subtotalPaisa, discountPaisa, deliveryChargePaisa: 7000, grandTotalPaisa: subtotalPaisa - discountPaisa + 7000 },
      luckyDrawTokens: [],
    },
  };
}

const stock = { available: 100, reserved: 20, reservations: { K7M2P9QX: 20 } };
function amend(history: OrderEvent[], change: Amendment): Extract<OrderEvent, { type: 'OrderLineChanged' | 'OrderLineAdded' | 'OrderLineRemoved' }> {
  const order = fold(orderDecider, history);
  const skus = new Map(['sku-1-S', 'sku-1-M', 'sku-1-L', 'sku-2-M'].map((id) => [id, stock]));
  const streams = decideAmendment(
    { type: 'AmendOrder', data: { orderId: 'K7M2P9QX', now, reason: 'customer asked', change } },
    { order, skus, products: new Map([[1, tee], [2, polo]]), limits: { maxUnitsPerLine: 10, maxUnitsPerOrder: 30 }, phones: NO_PHONE_STANDING },
  );
  return streams[0].events[0] as ReturnType<typeof amend>;
}
const totals = (subtotalPaisa: number, discountPaisa: number): OrderTotals => ({ subtotalPaisa, discountPaisa, deliveryChargePaisa: 7000, grandTotalPaisa: subtotalPaisa - discountPaisa + 7000 });

describe('an amendment keeps the lucky-draw offer\'s discount (issue 27)', () => {
  const offerOrder = placed([line(tee, 'M', 10)], { offerId: 'ABC234', percent: 10, discountPaisa: 50_000, lines: [{ productId: 1, size: 'M', quantity: 10 }] });

  it('care reducing a 10 % offer order from 10 to 1 keeps 10 % off the one t-shirt left (it used to charge full price)', () => {
    const event = amend([offerOrder], { kind: 'change-line', productId: 1, size: 'M', quantity: 1 });
    expect(event.data.totals).toEqual(totals(50_000, 5_000));
    expect(event.data.offer).toEqual({ offerId: 'ABC234', percent: 10, discountPaisa: 5_000, lines: [{ productId: 1, size: 'M', quantity: 1 }] });
  });

  it('follows a size change, gives nothing on a line care adds, and keeps the coupon on what is left after the offer', () => {
    const resized = amend([offerOrder], { kind: 'change-line', productId: 1, size: 'M', newSize: 'L', quantity: 2 });
    expect(resized.data.totals).toEqual(totals(100_000, 10_000));
    const withCoupon = placed([line(tee, 'M', 2)], { offerId: 'ABC234', percent: 10, discountPaisa: 10_000, lines: [{ productId: 1, size: 'M', quantity: 2 }] }, 10);
    const added = amend([withCoupon], { kind: 'add-line', productId: 2, size: 'M', quantity: 1 });
    // offer: 10 % of 2 × 500 = 100; coupon: 10 % of (1,800 − 100) = 170.
    expect(added.data.totals).toEqual(totals(180_000, 10_000 + 17_000));
    const removed = amend([withCoupon, added], { kind: 'remove-line', productId: 1, size: 'M' });
    expect(removed.data.totals).toEqual(totals(80_000, 8_000));
    expect(removed.data.offer).toBeNull();
  });

  it('finds the offer\'s lines of an order placed before they were recorded from its discount', () => {
    const legacy = placed([line(tee, 'M', 2), line(polo, 'M', 1)], { offerId: 'ABC234', percent: 10, discountPaisa: 8_000 });
    const event = amend([legacy], { kind: 'change-line', productId: 1, size: 'M', quantity: 1 });
    // The polo was the offer's line (10 % of 800 = 80), the tees were not.
    expect(event.data.totals).toEqual(totals(130_000, 8_000));
  });

  it('an order placed without the offer keeps the shape its amendments always had', () => {
    const plain = placed([line(tee, 'M', 3)], null, 10);
    const event = amend([plain], { kind: 'change-line', productId: 1, size: 'M', quantity: 1 });
    expect(event.data.totals).toEqual(totals(50_000, 5_000));
    expect('offer' in event.data).toBe(false);
  });
});

describe('care changes the picked area (issue 30, ADR 059)', () => {
  const withArea: OrderPlaced = {
    ...placed([line(tee, 'M', 1)], null),
  };
  withArea.data.deliveryArea = { areaId: 't-12', district: 'Dhaka', thana: 'Dhanmondi', landmark: 'Near the lake' };

  it('records the new area and the one it replaced, keeping the landmark when none is given', () => {
    const event = amend([withArea], { kind: 'shipping', areaId: 'u-365' }) as unknown as OrderEvent;
    expect(event).toMatchObject({
      type: 'ShippingDetailsChanged',
      data: {
        address: 'House 3, Road 2, Mirpur',
        deliveryArea: { areaId: 'u-365', district: 'Dhaka', thana: 'Savar', landmark: 'Near the lake' },
        previousArea: { areaId: 't-12', district: 'Dhaka', thana: 'Dhanmondi', landmark: 'Near the lake' },
      },
    });
  });

  it('records a first area on an order placed with free text only, and refuses an unknown one or no change', () => {
    const event = amend([placed([line(tee, 'M', 1)], null)], { kind: 'shipping', areaId: 'd-53', landmark: 'Bus stand' }) as unknown as OrderEvent;
    expect(event.data).toMatchObject({ deliveryArea: { areaId: 'd-53', district: 'Panchagarh', thana: null, landmark: 'Bus stand' }, previousArea: null });
    expect(() => amend([withArea], { kind: 'shipping', areaId: 't-99999' })).toThrow('Please pick your district and thana from the list.');
    expect(() => amend([withArea], { kind: 'shipping', areaId: 't-12' })).toThrow();
  });
});
