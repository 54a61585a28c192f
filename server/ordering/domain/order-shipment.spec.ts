import { deciderSpec } from '../../../test/support/decider-spec';
import { orderDecider, splitReturned } from './order';
import type { OrderEvent, OrderPlaced, ParcelStepData } from './order.events';
import { OrderRuleViolation } from './order.errors';

const orderId = 'K7M2P9QX';
const now = new Date('2026-03-10T10:00:00.000Z');
const at = now.toISOString();
const { given } = deciderSpec(orderDecider);

const placed: OrderPlaced = {
  type: 'OrderPlaced',
  data: {
    orderId,
    orderType: 1,
    placedAt: '2026-03-09T08:00:00.000Z',
    customer: { name: 'Rahim', email: null, phone: '01711111111', address: 'Mirpur 10, Dhaka', shippingPhone: '01711111111', userId: null },
    payment: { method: 'cash', bkashNumber: null, transactionId: null },
    shipping: { zone: 'inside', chargePaisa: 6000 },
    lines: [{ productId: 1, size: 'M', name: 'Tee', slug: 'tee', thumbnail: '/t.svg', quantity: 2, unitPricePaisa: 65000 }],
    coupon: null,
    totals: { subtotalPaisa: 130000, discountPaisa: 0, deliveryChargePaisa: 6000, grandTotalPaisa: 136000 },
    luckyDrawTokens: [],
  },
};
const confirmed: OrderEvent = { type: 'OrderConfirmed', data: { orderId, at } };
const requested: OrderEvent = { type: 'ShipmentBookingRequested', data: { orderId, at, courier: 'demo', amountToCollectPaisa: 136000 } };
const booked: OrderEvent = {
  type: 'ShipmentBooked',
  data: { orderId, at, courier: 'demo', courierName: 'Demo courier', consignmentId: 'DM1', trackingCode: 'DEMO-1', trackingUrl: null, courierStatus: 'booked', deliveryFeePaisa: null, amountToCollectPaisa: 136000 },
};
const step = (stage: ParcelStepData['stage'], time: string): ParcelStepData => ({ stage, courierStatus: stage.replace(/-/g, '_'), at: time, message: null, messageBn: null, collectedPaisa: null, deliveryChargePaisa: null });
const recorded = (data: ParcelStepData, current = true, notify?: 'out-for-delivery'): OrderEvent => ({
  type: 'ParcelStepRecorded',
  data: { orderId, at, courier: 'demo', consignmentId: 'DM1', step: data, current, ...(notify ? { notify } : {}) },
});
const recordStep = (data: ParcelStepData) => ({ type: 'RecordParcelStep' as const, data: { orderId, now, step: data } });

describe('order decider: shipments (issue 29)', () => {
  it('records the booking intent on a confirmed order, once; a pending order is not bookable', () => {
    given(placed, confirmed).when({ type: 'RequestShipmentBooking', data: { orderId, now, courier: 'demo', amountToCollectPaisa: 136000 } }).then(requested);
    given(placed, confirmed, requested).when({ type: 'RequestShipmentBooking', data: { orderId, now, courier: 'demo', amountToCollectPaisa: 136000 } }).thenThrows(OrderRuleViolation);
    given(placed).when({ type: 'RequestShipmentBooking', data: { orderId, now, courier: 'demo', amountToCollectPaisa: 0 } }).thenThrows(OrderRuleViolation);
  });

  it('records the courier\'s answer once: the same consignment again records nothing, another is refused', () => {
    const answer = { courier: 'demo', courierName: 'Demo courier', consignmentId: 'DM1', trackingCode: 'DEMO-1', trackingUrl: null, courierStatus: 'booked', deliveryFeePaisa: null };
    given(placed, confirmed, requested).when({ type: 'RecordShipmentBooked', data: { orderId, now, ...answer } }).then(booked);
    given(placed, confirmed, requested, booked).when({ type: 'RecordShipmentBooked', data: { orderId, now, ...answer } }).then();
    given(placed, confirmed, requested, booked).when({ type: 'RecordShipmentBooked', data: { orderId, now, ...answer, consignmentId: 'DM2' } }).thenThrows(OrderRuleViolation);
  });

  it('ships the order at pick-up, texts once out for delivery, delivers on delivered', () => {
    const picked = step('picked-up', '2026-03-10T11:00:00.000Z');
    given(placed, confirmed, requested, booked)
      .when(recordStep(picked))
      .then(recorded(picked), { type: 'OrderShipped', data: { orderId, at, courier: 'Demo courier', trackingCode: 'DEMO-1', cashToCollectPaisa: 136000 } });
    const shipped: OrderEvent = { type: 'OrderShipped', data: { orderId, at, courier: 'Demo courier', trackingCode: 'DEMO-1' } };
    const out = step('out-for-delivery', '2026-03-10T12:00:00.000Z');
    given(placed, confirmed, requested, booked, recorded(picked), shipped).when(recordStep(out)).then(recorded(out, true, 'out-for-delivery'));
    // A second day out for delivery (after a failed attempt) texts no more.
    const failed = step('delivery-failed', '2026-03-10T18:00:00.000Z');
    const outAgain = step('out-for-delivery', '2026-03-11T09:00:00.000Z');
    given(placed, confirmed, requested, booked, recorded(picked), shipped, recorded(out, true, 'out-for-delivery'), recorded(failed)).when(recordStep(outAgain)).then(recorded(outAgain));
    const delivered = step('delivered', '2026-03-11T12:00:00.000Z');
    given(placed, confirmed, requested, booked, recorded(picked), shipped).when(recordStep(delivered)).then(recorded(delivered), { type: 'OrderDelivered', data: { orderId, at } });
  });

  it('records a step twice only once, and never moves a delivered order back', () => {
    const picked = step('picked-up', '2026-03-10T11:00:00.000Z');
    const shipped: OrderEvent = { type: 'OrderShipped', data: { orderId, at, courier: 'Demo courier', trackingCode: 'DEMO-1' } };
    const delivered = step('delivered', '2026-03-10T15:00:00.000Z');
    const history = [placed, confirmed, requested, booked, recorded(picked), shipped, recorded(delivered), { type: 'OrderDelivered', data: { orderId, at } } as OrderEvent];
    given(...history).when(recordStep(picked)).then();
    const late = step('in-transit', '2026-03-10T13:00:00.000Z');
    given(...history).when(recordStep(late)).then(recorded(late, false));
    const after = step('in-transit', '2026-03-10T16:00:00.000Z');
    given(...history).when(recordStep(after)).then(recorded(after, false));
  });

  it('a step before booking is refused; a returned parcel is received once, damaged units not restocked', () => {
    given(placed, confirmed).when(recordStep(step('picked-up', at))).thenThrows(OrderRuleViolation);
    const shipped: OrderEvent = { type: 'OrderShipped', data: { orderId, at, courier: 'Demo courier', trackingCode: 'DEMO-1' } };
    const receive = { type: 'ReceiveReturnedParcel' as const, data: { orderId, now, damaged: [{ productId: 1, size: 'M', quantity: 1 }] } };
    const received: OrderEvent = { type: 'ReturnedParcelReceived', data: { orderId, at, restocked: [{ productId: 1, size: 'M', quantity: 1 }], damaged: [{ productId: 1, size: 'M', quantity: 1 }] } };
    given(placed, confirmed, requested, booked, shipped).when(receive).then(received);
    given(placed, confirmed, requested, booked, shipped, received).when(receive).thenThrows(OrderRuleViolation);
    given(placed, confirmed, requested, booked).when(receive).thenThrows(OrderRuleViolation);
    expect(() => splitReturned(placed.data.lines, [{ productId: 1, size: 'M', quantity: 3 }])).toThrow(OrderRuleViolation);
    expect(splitReturned(placed.data.lines, [])).toEqual({ restocked: [{ productId: 1, size: 'M', quantity: 2 }], damaged: [] });
  });
});
