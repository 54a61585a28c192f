import { fold } from '../../event-store/command-path/decider';
import { skuDecider } from '../../inventory/domain/sku';
import { couponDecider } from '../../promotions/domain/coupon';
import { ProductOutOfStock, TooManyOpenOrders, TooManyUnitsHeld, TooManyUnpaidOrders } from './order.errors';
import { CouponRejected } from '../../promotions/domain/coupon.errors';
import type { PlaceOrder } from './checkout';
import { decideCheckoutBatch } from './checkout-batch';
import { DEFAULT_CHECKOUT_LIMITS, NO_PHONE_STANDING } from './checkout-limits';

const now = new Date('2026-03-10T10:00:00.000Z');
const products = new Map([[1, { id: 1, name: 'Tiger Tee', slug: 'tiger', thumbnail: '/t.svg', pricePaisa: 65000, sizes: ['M'] }]]);

const order = (orderId: string, phone: string, couponCode: string | null = null): PlaceOrder => ({
  type: 'PlaceOrder',
  data: {
    orderId,
    now,
    customer: { name: 'A', email: null, phone, address: 'Dhaka', shippingPhone: phone, userId: null },
    payment: { method: 'cash', bkashNumber: null, transactionId: null },
    deliveryChargePaisa: 6000,
    cart: [{ productId: 1, size: 'M', quantity: 1 }],
    couponCode,
  },
});

describe('a batch of checkouts', () => {
  it('decides each on the stock the ones before it left: 3 units, 4 buyers, the 4th refused', () => {
    const { outcomes, merged } = decideCheckoutBatch([order('A', '01711111111'), order('B', '01722222222'), order('C', '01733333333'), order('D', '01744444444')], {
      products,
      delivery: { insidePaisa: 6000, outsidePaisa: 12000 },
      skus: new Map([['sku-1-M', fold(skuDecider, [{ type: 'StockReceived', data: { productId: 1, size: 'M', quantity: 3 } }])]]),
      coupons: new Map(),
      limits: DEFAULT_CHECKOUT_LIMITS,
      phones: NO_PHONE_STANDING,
    });
    expect(outcomes.map((outcome) => outcome.accepted)).toEqual([true, true, true, false]);
    expect(outcomes[3]).toMatchObject({ error: expect.any(ProductOutOfStock) });
    const sku = merged.find((stream) => stream.streamId === 'sku-1-M')!;
    expect(sku.events.map((event) => (event.data as { orderId: string }).orderId)).toEqual(['A', 'B', 'C']);
    expect(merged.filter((stream) => stream.streamId.startsWith('order-')).map((stream) => stream.streamId)).toEqual(['order-A', 'order-B', 'order-C']);
  });

  it('counts the coupon uses of earlier checkouts in the batch against the limits', () => {
    const coupon = fold(couponDecider, [
      { type: 'CouponCreated', data: { code: 'EID', percent: 10, validFrom: '2026-03-01T00:00:00Z', validUntil: '2026-04-01T00:00:00Z', totalLimit: 2, perPhoneLimit: 1 } },
    ]);
    const { outcomes } = decideCheckoutBatch([order('A', '01711111111', 'EID'), order('B', '01711111111', 'EID'), order('C', '01722222222', 'EID'), order('D', '01733333333', 'EID')], {
      products,
      delivery: { insidePaisa: 6000, outsidePaisa: 12000 },
      skus: new Map([['sku-1-M', fold(skuDecider, [{ type: 'StockReceived', data: { productId: 1, size: 'M', quantity: 10 } }])]]),
      coupons: new Map([['coupon-EID', coupon]]),
      limits: DEFAULT_CHECKOUT_LIMITS,
      phones: NO_PHONE_STANDING,
    });
    expect(outcomes.map((outcome) => (outcome.accepted ? 'ok' : (outcome.error as CouponRejected).reason))).toEqual(['ok', 'used-by-phone', 'ok', 'used-up']);
  });

  it('counts the open unpaid orders of earlier checkouts in the batch, bKash ones too, against the per-phone limit', () => {
    const { outcomes } = decideCheckoutBatch(
      [order('A', '01711111111'), order('B', '01711111111'), order('C', '01722222222'), order('D', '01711111111')],
      {
        products,
        delivery: { insidePaisa: 6000, outsidePaisa: 12000 },
        skus: new Map([['sku-1-M', fold(skuDecider, [{ type: 'StockReceived', data: { productId: 1, size: 'M', quantity: 10 } }])]]),
        coupons: new Map(),
        limits: DEFAULT_CHECKOUT_LIMITS,
        phones: { openOrders: new Map([['01711111111', 1]]), unverifiedBkash: new Map(), blocked: new Set() },
      },
    );
    expect(outcomes.map((outcome) => outcome.accepted)).toEqual([true, true, true, false]);
    expect(outcomes[3]).toMatchObject({ error: expect.any(TooManyOpenOrders) });

    const bkash = (orderId: string): PlaceOrder => {
      const placed = order(orderId, '01755555555');
      return { ...placed, data: { ...placed.data, payment: { method: 'bkash', bkashNumber: '01755555555', transactionId: `MADEUP${orderId}` } } };
    };
    const bkashOnly = decideCheckoutBatch([bkash('E'), bkash('F'), bkash('G'), bkash('H')], {
      products,
      delivery: { insidePaisa: 6000, outsidePaisa: 12000 },
      skus: new Map([['sku-1-M', fold(skuDecider, [{ type: 'StockReceived', data: { productId: 1, size: 'M', quantity: 10 } }])]]),
      coupons: new Map(),
      limits: DEFAULT_CHECKOUT_LIMITS,
      phones: NO_PHONE_STANDING,
    });
    expect(bkashOnly.outcomes.map((outcome) => outcome.accepted)).toEqual([true, true, true, false]);
    expect(bkashOnly.outcomes[3]).toMatchObject({ error: expect.any(TooManyUnpaidOrders) });
  });

  it('counts the units of earlier checkouts from the same client address against its budget', () => {
    const from = (orderId: string, address: string, quantity: number): PlaceOrder => {
      const placed = order(orderId, `0171${orderId.charCodeAt(0)}000000`.slice(0, 11));
      return { ...placed, data: { ...placed.data, clientAddress: address, cart: [{ productId: 1, size: 'M', quantity }] } };
    };
    const { outcomes } = decideCheckoutBatch([from('A', '198.51.100.1', 10), from('B', '198.51.100.1', 10), from('C', '198.51.100.2', 10), from('D', '198.51.100.1', 1)], {
      products,
      delivery: { insidePaisa: 6000, outsidePaisa: 12000 },
      skus: new Map([['sku-1-M', fold(skuDecider, [{ type: 'StockReceived', data: { productId: 1, size: 'M', quantity: 100 } }])]]),
      coupons: new Map(),
      limits: { ...DEFAULT_CHECKOUT_LIMITS, unitsPerIpHour: 25 },
      phones: NO_PHONE_STANDING,
      addressHolds: new Map([['198.51.100.1', [{ units: 4, placedAt: new Date(now.getTime() - 60_000) }]]]),
    });
    // 4 held + 10 = 14; + 10 = 24; the other address is counted apart; 24 + 1 = 25 fits exactly.
    expect(outcomes.map((outcome) => outcome.accepted)).toEqual([true, true, true, true]);
    const over = decideCheckoutBatch([from('A', '198.51.100.1', 10), from('B', '198.51.100.1', 10), from('D', '198.51.100.1', 2)], {
      products,
      delivery: { insidePaisa: 6000, outsidePaisa: 12000 },
      skus: new Map([['sku-1-M', fold(skuDecider, [{ type: 'StockReceived', data: { productId: 1, size: 'M', quantity: 100 } }])]]),
      coupons: new Map(),
      limits: { ...DEFAULT_CHECKOUT_LIMITS, unitsPerIpHour: 25 },
      phones: NO_PHONE_STANDING,
      addressHolds: new Map([['198.51.100.1', [{ units: 4, placedAt: new Date(now.getTime() - 60_000) }]]]),
    });
    expect(over.outcomes.map((outcome) => outcome.accepted)).toEqual([true, true, false]);
    expect(over.outcomes[2]).toMatchObject({ error: expect.any(TooManyUnitsHeld) });
  });
});
