import type { OrderEvent, OrderPlaced } from './order.events';
import { OrderNotDueToExpire, OrderRuleViolation, TransitionNotAllowed, UnknownOrder } from './order.errors';
import { deciderSpec } from '../../../test/support/decider-spec';
import { fold } from '../../event-store/command-path/decider';
import { orderDecider, type OrderCommand } from './order';
import { TRANSITIONS, type OrderStatus } from './order-status';

const now = new Date('2026-03-10T10:00:00.000Z');
const at = now.toISOString();

function placedOrder(overrides: Partial<OrderPlaced['data']> = {}): OrderPlaced {
  return {
    type: 'OrderPlaced',
    data: {
      orderId: 'K7M2P9QX',
      orderType: 1,
      placedAt: '2026-03-09T08:00:00.000Z',
      customer: { name: 'Rahim', email: null, phone: '01711111111', address: 'Mirpur 10, Dhaka', shippingPhone: '01711111111', userId: null },
      payment: { method: 'cash', bkashNumber: null, transactionId: null },
      shipping: { zone: 'inside', chargePaisa: 6000 },
      lines: [{ productId: 1, size: 'M', name: 'Tee', slug: 'tee', thumbnail: '/t.svg', quantity: 2, unitPricePaisa: 65000 }],
      coupon: null,
      totals: { subtotalPaisa: 130000, discountPaisa: 0, deliveryChargePaisa: 6000, grandTotalPaisa: 136000 },
      luckyDrawTokens: ['K7M2P9QX-1', 'K7M2P9QX-2'],
      placedBy: { actor: { id: 'guest', role: 'guest' }, requestId: 'r-1', correlationId: 'c-1' },
      ...overrides,
    },
  };
}

const orderId = 'K7M2P9QX';
const stepEvents: Record<OrderStatus, OrderEvent[]> = {
  pending: [],
  confirmed: [{ type: 'OrderConfirmed', data: { orderId, at } }],
  processing: [{ type: 'OrderConfirmed', data: { orderId, at } }, { type: 'OrderProcessingStarted', data: { orderId, at } }],
  shipped: [
    { type: 'OrderConfirmed', data: { orderId, at } },
    { type: 'OrderProcessingStarted', data: { orderId, at } },
    { type: 'OrderShipped', data: { orderId, at, courier: null, trackingCode: null } },
  ],
  delivered: [
    { type: 'OrderConfirmed', data: { orderId, at } },
    { type: 'OrderProcessingStarted', data: { orderId, at } },
    { type: 'OrderShipped', data: { orderId, at, courier: null, trackingCode: null } },
    { type: 'OrderDelivered', data: { orderId, at } },
  ],
  cancelled: [{ type: 'OrderCancelled', data: { orderId, at, reason: 'changed mind' } }],
  returned: [
    { type: 'OrderConfirmed', data: { orderId, at } },
    { type: 'OrderProcessingStarted', data: { orderId, at } },
    { type: 'OrderShipped', data: { orderId, at, courier: null, trackingCode: null } },
    { type: 'OrderDelivered', data: { orderId, at } },
    { type: 'OrderReturned', data: { orderId, at, reason: 'too small' } },
  ],
  expired: [{ type: 'OrderExpired', data: { orderId, at, pendingHours: 24 } }],
};

const { given } = deciderSpec(orderDecider);

const commands: Record<keyof typeof TRANSITIONS, OrderCommand> = {
  confirm: { type: 'ConfirmOrder', data: { orderId, now } },
  startProcessing: { type: 'StartProcessing', data: { orderId, now } },
  ship: { type: 'ShipOrder', data: { orderId, now } },
  deliver: { type: 'DeliverOrder', data: { orderId, now } },
  cancel: { type: 'CancelOrder', data: { orderId, now, reason: 'customer asked' } },
  return: { type: 'ReturnOrder', data: { orderId, now, reason: 'wrong size' } },
  // Placed 26 hours before `now`: due with a 24-hour lifetime.
  expire: { type: 'ExpireOrder', data: { orderId, now, pendingHours: 24 } },
  withdraw: { type: 'WithdrawOrder', data: { orderId, now } },
};

describe('order status decider', () => {
  const statuses = Object.keys(stepEvents) as OrderStatus[];
  const cases = (Object.keys(TRANSITIONS) as Array<keyof typeof TRANSITIONS>).flatMap((step) =>
    statuses.map((from) => ({ step, from, allowed: TRANSITIONS[step].from.includes(from) })),
  );

  it.each(cases.filter((c) => c.allowed))('allows $step from $from', ({ step, from }) => {
    const events = orderDecider.decide(commands[step], fold(orderDecider, [placedOrder(), ...stepEvents[from]]));
    expect(events).toHaveLength(1);
    expect(fold(orderDecider, [placedOrder(), ...stepEvents[from], ...events])).toMatchObject({ status: TRANSITIONS[step].to });
  });

  it.each(cases.filter((c) => !c.allowed))('refuses $step from $from', ({ step, from }) => {
    given(placedOrder(), ...stepEvents[from]).when(commands[step]).thenThrows(TransitionNotAllowed);
  });

  it('records the reason of a cancellation and refuses one without a reason', () => {
    given(placedOrder())
      .when({ type: 'CancelOrder', data: { orderId, now, reason: '  customer asked  ' } })
      .then({ type: 'OrderCancelled', data: { orderId, at, reason: 'customer asked' } });
    given(placedOrder()).when({ type: 'CancelOrder', data: { orderId, now, reason: ' ' } }).thenThrows(OrderRuleViolation);
  });

  it('records courier, tracking code and the cash the courier collects when shipping', () => {
    given(placedOrder(), ...stepEvents.processing)
      .when({ type: 'ShipOrder', data: { orderId, now, courier: 'Pathao', trackingCode: 'PX-1' } })
      .then({ type: 'OrderShipped', data: { orderId, at, courier: 'Pathao', trackingCode: 'PX-1', cashToCollectPaisa: 136000 } });
    // Issue 31: a bKash order was paid; the courier collects nothing.
    given(placedOrder({ payment: { method: 'bkash', bkashNumber: '01711111111', transactionId: 'TRX1' } }), ...stepEvents.processing)
      .when({ type: 'ShipOrder', data: { orderId, now, courier: 'Pathao', trackingCode: 'PX-1' } })
      .then({ type: 'OrderShipped', data: { orderId, at, courier: 'Pathao', trackingCode: 'PX-1', cashToCollectPaisa: 0 } });
  });

  it('refuses any step on an order that does not exist', () => {
    given().when(commands.confirm).thenThrows(UnknownOrder);
  });

  describe('MarkBkashPaymentVerified', () => {
    const bkash = placedOrder({ payment: { method: 'bkash', bkashNumber: '01812345678', transactionId: 'TX9A8B7C' } });
    const verify: OrderCommand = { type: 'MarkBkashPaymentVerified', data: { orderId, now } };

    it('verifies a bKash order once', () => {
      given(bkash).when(verify).then({ type: 'BkashPaymentVerified', data: { orderId, at, transactionId: 'TX9A8B7C' } });
      given(bkash, { type: 'BkashPaymentVerified', data: { orderId, at, transactionId: 'TX9A8B7C' } }).when(verify).thenThrows(OrderRuleViolation);
    });

    it('refuses a cash order and a cancelled one', () => {
      given(placedOrder()).when(verify).thenThrows(OrderRuleViolation);
      given(bkash, ...stepEvents.cancelled).when(verify).thenThrows(OrderRuleViolation);
    });
  });

  it('adds a note in any status, but not an empty one', () => {
    given(placedOrder(), ...stepEvents.delivered)
      .when({ type: 'AddOrderNote', data: { orderId, now, note: 'Customer happy' } })
      .then({ type: 'OrderNoteAdded', data: { orderId, at, note: 'Customer happy' } });
    given(placedOrder()).when({ type: 'AddOrderNote', data: { orderId, now, note: '' } }).thenThrows(OrderRuleViolation);
  });

  describe('ExpireOrder', () => {
    it('expires a pending order once its lifetime is over, and never one that is not pending', () => {
      given(placedOrder()).when(commands.expire).then({ type: 'OrderExpired', data: { orderId, at, pendingHours: 24 } });
      given(placedOrder(), ...stepEvents.expired).when(commands.expire).thenThrows(TransitionNotAllowed);
      given(placedOrder(), ...stepEvents.confirmed).when(commands.expire).thenThrows(TransitionNotAllowed);
    });

    it('refuses an expiry before the deadline (the lifetime grew since it was scheduled)', () => {
      given(placedOrder()).when({ type: 'ExpireOrder', data: { orderId, now, pendingHours: 48 } }).thenThrows(OrderNotDueToExpire);
    });
  });

  describe('RecordCallOutcome', () => {
    it('records how the confirmation call went on a pending or confirmed order', () => {
      given(placedOrder())
        .when({ type: 'RecordCallOutcome', data: { orderId, now, outcome: 'not_reached' } })
        .then({ type: 'ConfirmationCallRecorded', data: { orderId, at, outcome: 'not_reached' } });
      given(placedOrder(), ...stepEvents.confirmed)
        .when({ type: 'RecordCallOutcome', data: { orderId, now, outcome: 'confirmed' } })
        .then({ type: 'ConfirmationCallRecorded', data: { orderId, at, outcome: 'confirmed' } });
    });

    it('refuses an unknown outcome and a call on a shipped order', () => {
      given(placedOrder()).when({ type: 'RecordCallOutcome', data: { orderId, now, outcome: 'maybe' as never } }).thenThrows(OrderRuleViolation);
      given(placedOrder(), ...stepEvents.shipped).when({ type: 'RecordCallOutcome', data: { orderId, now, outcome: 'reached' } }).thenThrows(OrderRuleViolation);
    });
  });
});
