import type { RecordedEvent } from '../../event-store/event-store.types';
import type { OrderEvent, OrderPlaced } from '../domain/order.events';
import { foldOrderTracking } from './order-tracking.fold';
import { timelineRows } from './order-timeline.projection';

const placed: OrderPlaced = {
  type: 'OrderPlaced',
  data: {
    orderId: 'K7M2P9QX',
    orderType: 1,
    placedAt: '2026-03-09T08:00:00.000Z',
    customer: { name: 'Rahim', email: null, phone: '01711111111', address: 'Mirpur', shippingPhone: '01711111111', userId: 'u-1' },
    payment: { method: 'cash', bkashNumber: null, transactionId: null },
    shipping: { zone: 'inside', chargePaisa: 6000 },
    lines: [{ productId: 1, size: 'M', name: 'Tee', slug: 'tee', thumbnail: '/t.svg', quantity: 2, unitPricePaisa: 65000 }],
    coupon: { code: 'EID10', percent: 10 },
    totals: { subtotalPaisa: 130000, discountPaisa: 13000, deliveryChargePaisa: 6000, grandTotalPaisa: 123000 },
    luckyDrawTokens: ['K7M2P9QX-1', 'K7M2P9QX-2'],
    placedBy: { actor: { id: 'u-1', role: 'customer', name: 'Rahim' }, requestId: 'r-1', correlationId: 'c-1' },
  },
};
const at = '2026-03-09T09:00:00.000Z';

function recorded(position: number, event: OrderEvent, actor = { id: 'checkout', role: 'system' as const }): RecordedEvent {
  return {
    id: `e-${position}`,
    globalPosition: BigInt(position),
    streamId: 'order-K7M2P9QX',
    streamPosition: position,
    type: event.type,
    schemaVersion: 1,
    data: event.data,
    metadata: { correlationId: 'c', causationId: null, actor, note: position === 2 ? 'called the customer' : null },
    recordedAt: new Date(Date.UTC(2026, 2, 9, 8, position)),
    transactionId: 1n,
  };
}

describe('order tracking fold', () => {
  it('inserts a placed order with its lines, already at the status of later events in the same batch', () => {
    const { inserts, lines, updates } = foldOrderTracking([recorded(2, { type: 'OrderConfirmed', data: { orderId: 'K7M2P9QX', at } }), recorded(1, placed)]);
    expect(inserts).toEqual([
      expect.objectContaining({ order_id: 'K7M2P9QX', status: 'confirmed', version: 2, user_id: 'u-1', grand_total_paisa: 123000, discount_percent: 10, coupon_code: 'EID10' }),
    ]);
    expect(lines).toEqual([expect.objectContaining({ order_id: 'K7M2P9QX', line_no: 1, quantity: 2, unit_price_paisa: 65000 })]);
    expect(updates).toEqual([]);
  });

  it('turns later events of a stored order into one update with the last status and the highest version', () => {
    const { inserts, updates } = foldOrderTracking([
      recorded(2, { type: 'OrderConfirmed', data: { orderId: 'K7M2P9QX', at } }),
      recorded(3, { type: 'BkashPaymentVerified', data: { orderId: 'K7M2P9QX', at, transactionId: 'TX1' } }),
      recorded(4, { type: 'OrderCancelled', data: { orderId: 'K7M2P9QX', at, reason: 'changed mind' } }),
      recorded(5, { type: 'OrderNoteAdded', data: { orderId: 'K7M2P9QX', at, note: 'refund sent' } }),
    ]);
    expect(inserts).toEqual([]);
    expect(updates).toEqual([
      {
        order_id: 'K7M2P9QX',
        status: 'cancelled',
        bkash_verified: true,
        version: 5,
        updated_at: expect.any(String),
        address: null,
        shipping_phone: null,
        subtotal_paisa: null,
        discount_paisa: null,
        grand_total_paisa: null,
        lucky_draw_tokens: null,
      },
    ]);
  });
});

describe('order tracking fold of amendments (issue 14)', () => {
  const changedLines = [{ productId: 1, size: 'L', name: 'Tee', slug: 'tee', thumbnail: '/t.svg', quantity: 2, unitPricePaisa: 70000 }];
  const totals = { subtotalPaisa: 140000, discountPaisa: 14000, deliveryChargePaisa: 6000, grandTotalPaisa: 132000 };
  const changed: OrderEvent = {
    type: 'OrderLineChanged',
    data: { orderId: 'K7M2P9QX', at, from: { productId: 1, size: 'M', quantity: 2 }, to: { productId: 1, size: 'L', quantity: 2 }, lines: changedLines, totals },
  };

  it('replaces the lines and totals of a stored order at the amendment\'s version', () => {
    const { updates, lineSets } = foldOrderTracking([recorded(2, changed), recorded(3, { type: 'ShippingDetailsChanged', data: { orderId: 'K7M2P9QX', at, address: 'Banani', shippingPhone: '01899999999' } })]);
    expect(updates).toEqual([
      expect.objectContaining({ version: 3, subtotal_paisa: 140000, discount_paisa: 14000, grand_total_paisa: 132000, address: 'Banani', shipping_phone: '01899999999', status: null }),
    ]);
    expect(lineSets).toEqual([{ order_id: 'K7M2P9QX', version: 3, lines: [expect.objectContaining({ line_no: 1, size: 'L', quantity: 2, unit_price_paisa: 70000 })] }]);
  });

  it('inserts an order placed and amended in one batch as it is after the amendment', () => {
    const { inserts, lines, lineSets } = foldOrderTracking([recorded(1, placed), recorded(2, changed)]);
    expect(inserts).toEqual([expect.objectContaining({ version: 2, grand_total_paisa: 132000 })]);
    expect(lines).toEqual([expect.objectContaining({ size: 'L', unit_price_paisa: 70000 })]);
    expect(lineSets).toEqual([]);
  });

  it('keeps the order\'s tokens to the units it holds after a line amendment (issue 27)', () => {
    const cut: OrderEvent = {
      type: 'OrderLineChanged',
      data: { orderId: 'K7M2P9QX', at, from: { productId: 1, size: 'M', quantity: 2 }, to: { productId: 1, size: 'M', quantity: 1 }, lines: [{ ...placed.data.lines[0], quantity: 1 }], totals },
    };
    expect(foldOrderTracking([recorded(1, placed), recorded(2, cut)]).inserts[0].lucky_draw_tokens).toEqual(['K7M2P9QX-1']);
    expect(foldOrderTracking([recorded(2, cut)]).updates[0].lucky_draw_tokens).toEqual(['K7M2P9QX-1']);
    expect(foldOrderTracking([recorded(2, changed)]).updates[0].lucky_draw_tokens).toEqual(['K7M2P9QX-1', 'K7M2P9QX-2']);
  });
});

describe('care timeline rows', () => {
  it('names the shopper who placed the order even when the append was a batch, and the staff note of each step', () => {
    const rows = timelineRows([recorded(1, placed), recorded(2, { type: 'OrderConfirmed', data: { orderId: 'K7M2P9QX', at } }, { id: 'care-1', role: 'care' as never })]);
    expect(rows.map((row) => [row.event_type, row.actor_id, row.actor_role, row.note])).toEqual([
      ['OrderPlaced', 'u-1', 'customer', null],
      ['OrderConfirmed', 'care-1', 'care', 'called the customer'],
    ]);
  });

  it('reads who placed a new order from its metadata alone, as any other step', () => {
    const { placedBy: _legacy, ...data } = placed.data;
    const rows = timelineRows([recorded(1, { type: 'OrderPlaced', data }, { id: 'u-9', role: 'customer' as never })]);
    expect(rows.map((row) => [row.event_type, row.actor_id, row.actor_role])).toEqual([['OrderPlaced', 'u-9', 'customer']]);
  });
});
