import type { RecordedEvent } from '../../event-store/event-store.types';
import { foldTokenEvents } from './lucky-draw-tokens.fold';

let position = 0n;
const recorded = (type: string, data: Record<string, unknown>): RecordedEvent => {
  position += 1n;
  return {
    id: `00000000-0000-4000-8000-${position.toString().padStart(12, '0')}`,
    globalPosition: position,
    streamId: `order-${String(data.orderId)}`,
    streamPosition: 1,
    type,
    schemaVersion: 1,
    data,
    metadata: { correlationId: 'c', causationId: null, actor: { id: 'system', role: 'system' } },
    recordedAt: new Date('2026-11-10T00:00:00.000Z'),
    transactionId: position,
  };
};
const customer = { name: 'Karim', email: 'karim@example.com', phone: '01712345678' };
const placed = (orderId: string, quantities: number[]) =>
  recorded('OrderPlaced', {
    orderId,
    orderType: 1,
    placedAt: '2026-11-05T10:00:00.000Z',
    customer,
    lines: quantities.map((quantity) => ({ quantity })),
    luckyDrawTokens: Array.from({ length: quantities.reduce((a, b) => a + b, 0) }, (_, i) => `${orderId}-${i + 1}`),
  });
const instant = (orderId: string, quantities: number[]) =>
  recorded('InstantOrderPlaced', { orderId, orderType: 2, placedAt: '2026-11-05T11:00:00.000Z', customer, lines: quantities.map((quantity) => ({ quantity })) });
const step = (type: string, orderId: string) => recorded(type, { orderId, at: '2026-11-07T00:00:00.000Z', reason: 'x' });

const eligible = (events: RecordedEvent[]) => foldTokenEvents(events).issued.filter((row) => row.state === 'eligible').map((row) => row.token);

describe('lucky-draw tokens from order events', () => {
  it('issues one token per t-shirt unit, online and phone orders alike', () => {
    const { issued } = foldTokenEvents([placed('AAAAAAAA', [2, 1]), instant('BBBBBBBB', [3])]);
    expect(issued.map((row) => row.token)).toEqual(['AAAAAAAA-1', 'AAAAAAAA-2', 'AAAAAAAA-3', 'BBBBBBBB-1', 'BBBBBBBB-2', 'BBBBBBBB-3']);
    expect(new Set(issued.map((row) => row.state))).toEqual(new Set(['issued']));
  });

  it('makes the tokens of delivered orders eligible: the count equals their units', () => {
    const events = [placed('AAAAAAAA', [2, 1]), instant('BBBBBBBB', [3]), placed('CCCCCCCC', [4]), step('OrderDelivered', 'AAAAAAAA'), step('OrderDelivered', 'BBBBBBBB')];
    expect(eligible(events)).toHaveLength(3 + 3);
  });

  it('voids the tokens of cancelled, returned and expired orders, and a void token stays void', () => {
    const events = [
      placed('AAAAAAAA', [1]),
      placed('BBBBBBBB', [2]),
      placed('CCCCCCCC', [1]),
      placed('DDDDDDDD', [1]),
      step('OrderCancelled', 'AAAAAAAA'),
      step('OrderDelivered', 'BBBBBBBB'),
      step('OrderReturned', 'BBBBBBBB'),
      step('OrderExpired', 'CCCCCCCC'),
      step('OrderDelivered', 'DDDDDDDD'),
    ];
    const { issued, changes } = foldTokenEvents(events);
    expect(eligible(events)).toEqual(['DDDDDDDD-1']);
    expect(issued.filter((row) => row.state === 'void').map((row) => [row.token, row.state_reason])).toEqual([
      ['AAAAAAAA-1', 'cancelled'],
      ['BBBBBBBB-1', 'returned'],
      ['BBBBBBBB-2', 'returned'],
      ['CCCCCCCC-1', 'expired'],
    ]);
    expect(changes.find((change) => change.order_id === 'AAAAAAAA')).toMatchObject({ state: 'void', reason: 'cancelled' });
  });

  it('reports steps of orders placed in earlier batches as changes by order', () => {
    expect(foldTokenEvents([step('OrderDelivered', 'EEEEEEEE')]).changes).toEqual([{ order_id: 'EEEEEEEE', state: 'eligible', reason: null, at: '2026-11-07T00:00:00.000Z' }]);
  });
});
