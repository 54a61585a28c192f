import { decisionSpec } from '../../../test/support/decider-spec';
import { fold } from '../../event-store/command-path/decider';
import { skuDecider } from '../../inventory/domain/sku';
import type { SkuEvent } from '../../inventory/domain/sku.events';
import { CouponRejected } from '../../promotions/domain/coupon.errors';
import { couponDecider } from '../../promotions/domain/coupon';
import type { CouponEvent } from '../../promotions/domain/coupon.events';
import { checkoutStreams, decideCheckout, type CatalogProduct, type CheckoutStates, type PlaceOrder } from './checkout';
import type { OrderPlaced } from './order.events';
import { OrderRuleViolation, PhoneBlocked, ProductOutOfStock, TooManyOpenOrders, TooManyUnitsHeld, TooManyUnpaidOrders } from './order.errors';
import { DEFAULT_CHECKOUT_LIMITS, NO_PHONE_STANDING, type PhoneStanding } from './checkout-limits';
import { decideOrderChange } from './order-change';
import { orderDecider } from './order';

const now = new Date('2026-03-10T10:00:00.000Z');
const tiger: CatalogProduct = { id: 1, name: 'Royal Bengal Tiger Tee', slug: 'tiger', thumbnail: '/t.svg', pricePaisa: 65000, sizes: ['S', 'M', 'L'] };
const polo: CatalogProduct = { id: 2, name: 'Classic Polo', slug: 'polo', thumbnail: '/p.svg', pricePaisa: 95000, sizes: ['M'] };
const received = (productId: number, size: string, quantity: number): SkuEvent => ({ type: 'StockReceived', data: { productId, size, quantity } });
const coupon: CouponEvent = {
  type: 'CouponCreated',
  data: { code: 'EID10', percent: 10, validFrom: '2026-03-01T00:00:00Z', validUntil: '2026-03-31T00:00:00Z', totalLimit: 10, perPhoneLimit: 1 },
};

function placeOrder(overrides: Partial<PlaceOrder['data']> = {}): PlaceOrder {
  return {
    type: 'PlaceOrder',
    data: {
      orderId: 'K7M2P9QX',
      now,
      customer: { name: 'Rahim', email: null, phone: '01711111111', address: 'Mirpur 10', shippingPhone: '01711111111', userId: null },
      payment: { method: 'cash', bkashNumber: null, transactionId: null },
      deliveryChargePaisa: 6000,
      cart: [{ productId: 1, size: 'm', quantity: 2 }],
      couponCode: null,
      ...overrides,
    },
  };
}

/** given (stock per SKU, coupon stream) / when (a checkout) / then (events per stream, or a refusal). */
function given(stock: Record<string, SkuEvent[]>, couponEvents: CouponEvent[] | null = null, phones: PhoneStanding = NO_PHONE_STANDING) {
  const states: CheckoutStates = {
    products: new Map([[1, tiger], [2, polo]]),
    delivery: { insidePaisa: 6000, outsidePaisa: 12000 },
    skus: new Map(Object.entries(stock).map(([id, events]) => [id, fold(skuDecider, events)])),
    coupon: couponEvents ? fold(couponDecider, couponEvents) : null,
    limits: DEFAULT_CHECKOUT_LIMITS,
    phones,
  };
  return decisionSpec((command: PlaceOrder, checkoutStates: CheckoutStates) => decideCheckout(command, checkoutStates)).given(states);
}

describe('checkout decider', () => {
  it('prices every line from the catalog, reserves the units and issues one token per unit', () => {
    const decision = given({ 'sku-1-M': [received(1, 'M', 5)] }).when(placeOrder())();
    const [order, sku] = decision;
    expect(order.streamId).toBe('order-K7M2P9QX');
    const placed = order.events[0] as OrderPlaced;
    expect(placed.data.lines).toEqual([{ productId: 1, size: 'M', name: tiger.name, slug: 'tiger', thumbnail: '/t.svg', quantity: 2, unitPricePaisa: 65000 }]);
    expect(placed.data.totals).toEqual({ subtotalPaisa: 130000, discountPaisa: 0, deliveryChargePaisa: 6000, grandTotalPaisa: 136000 });
    expect(placed.data.shipping).toEqual({ zone: 'inside', chargePaisa: 6000 });
    expect(placed.data.luckyDrawTokens).toEqual(['K7M2P9QX-1', 'K7M2P9QX-2']);
    expect(sku).toEqual({ streamId: 'sku-1-M', events: [{ type: 'StockReserved', data: { productId: 1, size: 'M', quantity: 2, orderId: 'K7M2P9QX' } }] });
  });

  it("records the shopper's language on the order when it is Bengali, and nothing for English (issue 18)", () => {
    const inBengali = given({ 'sku-1-M': [received(1, 'M', 5)] }).when(placeOrder({ locale: 'bn' }))()[0].events[0] as OrderPlaced;
    expect(inBengali.data.locale).toBe('bn');
    const inEnglish = given({ 'sku-1-M': [received(1, 'M', 5)] }).when(placeOrder({ locale: 'en' }))()[0].events[0] as OrderPlaced;
    expect(inEnglish.data).not.toHaveProperty('locale');
  });

  it('merges two lines of the same product and size into one reservation', () => {
    const decision = given({ 'sku-1-M': [received(1, 'M', 5)] }).when(placeOrder({ cart: [{ productId: 1, size: 'M', quantity: 1 }, { productId: 1, size: 'm', quantity: 2 }] }))();
    expect((decision[0].events[0] as OrderPlaced).data.lines).toHaveLength(1);
    expect(decision[1].events).toEqual([{ type: 'StockReserved', data: { productId: 1, size: 'M', quantity: 3, orderId: 'K7M2P9QX' } }]);
  });

  it('fails the whole order when one line is short, naming the product and size', () => {
    const run = given({ 'sku-1-M': [received(1, 'M', 5)], 'sku-2-M': [received(2, 'M', 1)] }).when(
      placeOrder({ cart: [{ productId: 1, size: 'M', quantity: 1 }, { productId: 2, size: 'M', quantity: 2 }] }),
    );
    expect(run).toThrow(ProductOutOfStock);
    expect(run).toThrow('Out of Stock: Classic Polo (Size: M) has only 1 left.');
  });

  it('refuses an unknown product and a size the product does not come in', () => {
    expect(given({}).when(placeOrder({ cart: [{ productId: 99, size: 'M', quantity: 1 }] }))).toThrow(OrderRuleViolation);
    const run = given({}).when(placeOrder({ cart: [{ productId: 2, size: 'XL', quantity: 1 }] }));
    expect(run).toThrow('Size XL is not available for Classic Polo.');
  });

  it('takes the outside-Dhaka zone for its charge and refuses a charge that matches neither zone', () => {
    const decision = given({ 'sku-1-M': [received(1, 'M', 5)] }).when(placeOrder({ deliveryChargePaisa: 12000 }))();
    expect((decision[0].events[0] as OrderPlaced).data.shipping).toEqual({ zone: 'outside', chargePaisa: 12000 });
    expect(given({ 'sku-1-M': [received(1, 'M', 5)] }).when(placeOrder({ deliveryChargePaisa: 100 }))).toThrow(
      'Please choose a shipping option: inside or outside Dhaka.',
    );
  });

  it("applies the coupon's percent to the subtotal and redeems it for the order's phone", () => {
    const decision = given({ 'sku-1-M': [received(1, 'M', 5)] }, [coupon]).when(placeOrder({ couponCode: 'eid10' }))();
    const placed = decision[0].events[0] as OrderPlaced;
    expect(placed.data.coupon).toEqual({ code: 'EID10', percent: 10 });
    expect(placed.data.totals).toEqual({ subtotalPaisa: 130000, discountPaisa: 13000, deliveryChargePaisa: 6000, grandTotalPaisa: 123000 });
    expect(decision[2]).toEqual({
      streamId: 'coupon-EID10',
      events: [{ type: 'CouponRedeemed', data: { code: 'EID10', orderId: 'K7M2P9QX', phone: '01711111111', percent: 10, redeemedAt: now.toISOString() } }],
    });
  });

  it('refuses an unknown coupon on the coupon field', () => {
    const run = given({ 'sku-1-M': [received(1, 'M', 5)] }, []).when(placeOrder({ couponCode: 'NOPE' }));
    expect(run).toThrow(CouponRejected);
    try {
      run();
    } catch (error) {
      expect((error as CouponRejected).errors).toEqual({ coupon: ['Invalid coupon code.'] });
    }
  });

  it('lists the SKU and coupon streams a checkout touches, sorted and without repeats', () => {
    expect(checkoutStreams(placeOrder({ cart: [{ productId: 2, size: 'M', quantity: 1 }, { productId: 1, size: 's', quantity: 1 }, { productId: 2, size: 'm', quantity: 1 }], couponCode: 'eid10' }).data)).toEqual({
      skus: ['sku-1-S', 'sku-2-M'],
      coupon: 'coupon-EID10',
      credit: null,
    });
  });

  it('gives back the units and the coupon use when the order is cancelled', () => {
    const decision = given({ 'sku-1-M': [received(1, 'M', 5)] }, [coupon]).when(placeOrder({ couponCode: 'EID10' }))();
    const order = fold(orderDecider, decision[0].events as OrderPlaced[]);
    const change = decideOrderChange(
      { type: 'CancelOrder', data: { orderId: 'K7M2P9QX', now, reason: 'customer asked' } },
      {
        order,
        skus: new Map([['sku-1-M', fold(skuDecider, [received(1, 'M', 5), ...(decision[1].events as SkuEvent[])])]]),
        coupon: fold(couponDecider, [coupon, ...(decision[2].events as CouponEvent[])]),
      },
    );
    expect(change.map((stream) => [stream.streamId, stream.events.map((event) => event.type)])).toEqual([
      ['order-K7M2P9QX', ['OrderCancelled']],
      ['sku-1-M', ['StockReleased']],
      ['coupon-EID10', ['CouponRedemptionReleased']],
    ]);
  });

  describe('limits against fake cash-on-delivery orders', () => {
    const stock = { 'sku-1-M': [received(1, 'M', 100)], 'sku-1-L': [received(1, 'L', 100)] };

    it('refuses an 11th unit of one item, counting lines of the same size together, and names the line', () => {
      const refusal = given(stock).when(placeOrder({ cart: [{ productId: 1, size: 'm', quantity: 6 }, { productId: 1, size: 'M', quantity: 5 }] }));
      expect(refusal).toThrow(OrderRuleViolation);
      expect(refusal).toThrow('You can order at most 10 of one item in one order.');
      expect(given(stock).when(placeOrder({ cart: [{ productId: 1, size: 'M', quantity: 10 }] }))).not.toThrow();
    });

    it('refuses a 31st unit in one order', () => {
      const cart = [
        { productId: 1, size: 'M', quantity: 10 },
        { productId: 1, size: 'L', quantity: 10 },
        { productId: 1, size: 'S', quantity: 10 },
        { productId: 2, size: 'M', quantity: 1 },
      ];
      expect(given({ ...stock, 'sku-1-S': [received(1, 'S', 100)], 'sku-2-M': [received(2, 'M', 100)] }).when(placeOrder({ cart }))).toThrow(
        'You can order at most 30 items in one order.',
      );
    });

    it('refuses an order when the contact or the shipping phone already has 3 open unpaid orders, whatever its payment', () => {
      const busy = { openOrders: new Map([['01799999999', 3]]), unverifiedBkash: new Map<string, number>(), blocked: new Set<string>() };
      const customer = { name: 'Rahim', email: null, phone: '01711111111', address: 'Mirpur', shippingPhone: '01799999999', userId: null };
      expect(given(stock, null, busy).when(placeOrder({ customer }))).toThrow(TooManyOpenOrders);
      // Issue 27: a bKash order with a made-up transaction id holds stock like a COD order until care checks it.
      const bkash = { method: 'bkash' as const, bkashNumber: '01711111111', transactionId: 'TX12345' };
      expect(given(stock, null, busy).when(placeOrder({ customer, payment: bkash }))).toThrow(TooManyOpenOrders);
      expect(given(stock, null, { ...busy, openOrders: new Map([['01799999999', 2]]) }).when(placeOrder({ customer, payment: bkash }))).not.toThrow();
      expect(given(stock, null, { ...busy, openOrders: new Map([['01799999999', 2]]) }).when(placeOrder({ customer }))).not.toThrow();
    });

    it('says so when unchecked bKash payments fill the phone’s open orders, without speaking of cash on delivery', () => {
      const busy = { openOrders: new Map([['01711111111', 3]]), unverifiedBkash: new Map([['01711111111', 3]]), blocked: new Set<string>() };
      const bkash = { method: 'bkash' as const, bkashNumber: '01711111111', transactionId: 'MADEUP1' };
      const refusal = given(stock, null, busy).when(placeOrder({ payment: bkash }));
      expect(refusal).toThrow(TooManyUnpaidOrders);
      expect(refusal).toThrow(
        'This phone number already has 3 orders waiting, including a bKash payment we have not checked yet. Please wait until we have checked it, or call us to add to an order.',
      );
    });

    it('refuses an order that would take the client address past its units held in the last hour, saying when it fits', () => {
      const limits = { ...DEFAULT_CHECKOUT_LIMITS, unitsPerIpHour: 10 };
      const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000);
      const states = (holds: Array<{ units: number; placedAt: Date }>): CheckoutStates => ({
        products: new Map([[1, tiger], [2, polo]]),
        delivery: { insidePaisa: 6000, outsidePaisa: 12000 },
        skus: new Map(Object.entries(stock).map(([id, events]) => [id, fold(skuDecider, events)])),
        coupon: null,
        limits,
        phones: NO_PHONE_STANDING,
        addressHolds: holds,
      });
      const order = placeOrder({ clientAddress: '203.0.113.9', cart: [{ productId: 1, size: 'M', quantity: 4 }] });
      // 8 held (5 placed 50 minutes ago, 3 placed 20 minutes ago) + 4 > 10: fits once the 5 leave the hour, in 10 minutes.
      const refusal = (() => {
        try {
          decideCheckout(order, states([{ units: 3, placedAt: minutesAgo(20) }, { units: 5, placedAt: minutesAgo(50) }]));
        } catch (error) {
          return error;
        }
        return null;
      })();
      expect(refusal).toBeInstanceOf(TooManyUnitsHeld);
      expect(refusal).toMatchObject({ status: 429, retryAfterSeconds: 600, params: { minutes: 10 } });
      // Orders placed more than an hour ago no longer count; 6 held + 4 fits exactly.
      expect(() => decideCheckout(order, states([{ units: 6, placedAt: minutesAgo(59) }, { units: 9, placedAt: minutesAgo(61) }]))).not.toThrow();
      // Without a client address (an order the API did not place) there is nothing to count against.
      expect(() => decideCheckout({ ...order, data: { ...order.data, clientAddress: null } }, states([{ units: 10, placedAt: minutesAgo(1) }]))).not.toThrow();
      // 0 turns the budget off.
      expect(() => decideCheckout(order, { ...states([{ units: 10, placedAt: minutesAgo(1) }]), limits: { ...limits, unitsPerIpHour: 0 } })).not.toThrow();
    });

    it('refuses any order for a blocked phone with its own message', () => {
      const blocked = { ...NO_PHONE_STANDING, blocked: new Set(['01711111111']) };
      expect(given(stock, null, blocked).when(placeOrder())).toThrow(PhoneBlocked);
      expect(given(stock, null, blocked).when(placeOrder())).toThrow('We cannot take orders for this phone number. Please call our customer care.');
    });
  });
});

describe('checkout: the lucky-draw offer discount (issue 19)', () => {
  const stock = { 'sku-1-M': [received(1, 'M', 10)], 'sku-2-M': [received(2, 'M', 10)] };
  const placed = (command: PlaceOrder, couponEvents: CouponEvent[] | null = null) =>
    given(stock, couponEvents).when(command)()[0].events[0] as OrderPlaced;
  const offerCart = [
    { productId: 1, size: 'M', quantity: 2, fromOffer: true },
    { productId: 2, size: 'M', quantity: 1 },
  ];

  it('takes the offer\'s percent off the catalog price of the offer-page lines only', () => {
    const order = placed(placeOrder({ cart: offerCart, offer: { offerId: 'ABC234', percent: 7 } }));
    // 7% of 2 × 650.00 = 91.00; the polo line is not from the offer page.
    expect(order.data.offer).toEqual({ offerId: 'ABC234', percent: 7, discountPaisa: 9100, lines: [{ productId: 1, size: 'M', quantity: 2 }] });
    expect(order.data.totals).toEqual({ subtotalPaisa: 225000, discountPaisa: 9100, deliveryChargePaisa: 6000, grandTotalPaisa: 221900 });
  });

  it('never gives more than 10%, whatever percent reaches it', () => {
    const order = placed(placeOrder({ cart: offerCart, offer: { offerId: 'ABC234', percent: 50 } }));
    expect(order.data.offer?.percent).toBe(10);
    expect(order.data.totals.discountPaisa).toBe(13000);
  });

  it('gives nothing when no offer runs, or when no line came from the offer page', () => {
    expect(placed(placeOrder({ cart: offerCart, offer: null })).data.totals.discountPaisa).toBe(0);
    const plain = placed(placeOrder({ cart: [{ productId: 1, size: 'M', quantity: 2 }], offer: { offerId: 'ABC234', percent: 10 } }));
    expect(plain.data.offer).toBeUndefined();
    expect(plain.data.totals.discountPaisa).toBe(0);
  });

  it('applies a coupon to what is left after the offer discount', () => {
    const order = placed(placeOrder({ cart: offerCart, offer: { offerId: 'ABC234', percent: 10 }, couponCode: 'eid10' }), [coupon]);
    // offer: 10% of 1,300.00 = 130.00; coupon: 10% of (2,250.00 − 130.00) = 212.00.
    expect(order.data.totals.discountPaisa).toBe(13000 + 21200);
  });
});
