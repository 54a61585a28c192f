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
const PRICE = 50_000;
const instant = (orderId: string, quantities: number[], amountPaisa = quantities.reduce((a, b) => a + b, 0) * PRICE, discountPaisa = 0) =>
  recorded('InstantOrderPlaced', {
    orderId,
    orderType: 2,
    placedAt: '2026-11-05T11:00:00.000Z',
    customer,
    payment: { type: 'cash', amountPaisa, discountPaisa, advancePaisa: 0, duePaisa: amountPaisa - discountPaisa },
    lines: quantities.map((quantity) => ({ quantity, unitPricePaisa: PRICE })),
  });
const step = (type: string, orderId: string) => recorded(type, { orderId, at: '2026-11-07T00:00:00.000Z', reason: 'x' });

const eligible = (events: RecordedEvent[]) => foldTokenEvents(events).rows.filter((row) => row.state === 'eligible').map((row) => row.token);

describe('lucky-draw tokens from order events', () => {
  it('issues one token per t-shirt unit, online and phone orders alike', () => {
    const { rows: issued } = foldTokenEvents([placed('AAAAAAAA', [2, 1]), instant('BBBBBBBB', [3])]);
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
    const { rows: issued } = foldTokenEvents(events);
    expect(eligible(events)).toEqual(['DDDDDDDD-1']);
    expect(issued.filter((row) => row.state === 'void').map((row) => [row.token, row.state_reason])).toEqual([
      ['AAAAAAAA-1', 'cancelled'],
      ['BBBBBBBB-1', 'returned'],
      ['BBBBBBBB-2', 'returned'],
      ['CCCCCCCC-1', 'expired'],
    ]);
  });

  it('applies steps to the rows of orders placed in earlier batches', () => {
    const { rows: earlier } = foldTokenEvents([placed('EEEEEEEE', [2])]);
    const { rows } = foldTokenEvents([step('OrderDelivered', 'EEEEEEEE')], earlier);
    expect(rows.map((row) => [row.token, row.state, row.state_at])).toEqual([
      ['EEEEEEEE-1', 'eligible', '2026-11-07T00:00:00.000Z'],
      ['EEEEEEEE-2', 'eligible', '2026-11-07T00:00:00.000Z'],
    ]);
    expect(foldTokenEvents([step('OrderDelivered', 'FFFFFFFF')]).rows).toEqual([]);
  });

  describe('seams (issue 27): tokens follow the units actually ordered and paid', () => {
    const amended = (type: string, orderId: string, quantities: number[], at = '2026-11-06T00:00:00.000Z') =>
      recorded(type, { orderId, at, lines: quantities.map((quantity) => ({ quantity, unitPricePaisa: PRICE })), totals: {} });
    const states = (rows: { token: string; state: string; state_reason: string | null }[]) => rows.map((row) => `${row.token}:${row.state}${row.state_reason ? `(${row.state_reason})` : ''}`);

    it('care reducing a 10-unit order to 1 leaves one eligible token, not ten (the report\'s draw)', () => {
      const events = [placed('AAAAAAAA', [10]), amended('OrderLineChanged', 'AAAAAAAA', [1]), step('OrderDelivered', 'AAAAAAAA')];
      expect(eligible(events)).toEqual(['AAAAAAAA-1']);
      const { rows } = foldTokenEvents(events);
      expect(rows.filter((row) => row.state === 'void').map((row) => row.state_reason)).toEqual(Array(9).fill('amended'));
    });

    it('adds tokens for added units, gives back those an earlier amendment voided, and a cancelled order has none', () => {
      const events = [
        placed('BBBBBBBB', [3]),
        amended('OrderLineRemoved', 'BBBBBBBB', [1]),
        amended('OrderLineAdded', 'BBBBBBBB', [1, 3]),
        step('OrderDelivered', 'BBBBBBBB'),
      ];
      expect(eligible(events)).toEqual(['BBBBBBBB-1', 'BBBBBBBB-2', 'BBBBBBBB-3', 'BBBBBBBB-4']);
      const cancelled = [placed('CCCCCCCC', [2]), amended('OrderLineAdded', 'CCCCCCCC', [2, 2]), step('OrderCancelled', 'CCCCCCCC')];
      expect(states(foldTokenEvents(cancelled).rows)).toEqual(['CCCCCCCC-1', 'CCCCCCCC-2', 'CCCCCCCC-3', 'CCCCCCCC-4'].map((token) => `${token}:void(cancelled)`));
      expect(eligible(cancelled)).toEqual([]);
    });

    it('gives the same rows however the log is cut into batches (rebuilds are hash-equal)', () => {
      const log = [
        placed('DDDDDDDD', [10]),
        instant('EEEEEEEE', [2]),
        amended('OrderLineChanged', 'DDDDDDDD', [4]),
        amended('OrderLineChanged', 'DDDDDDDD', [1]),
        amended('OrderLineAdded', 'DDDDDDDD', [1, 2]),
        step('OrderDelivered', 'EEEEEEEE'),
        step('OrderDelivered', 'DDDDDDDD'),
        step('OrderReturned', 'EEEEEEEE'),
      ];
      const whole = new Map(foldTokenEvents(log).rows.map((row) => [row.token, row]));
      for (let cut = 1; cut < log.length; cut += 1) {
        for (let second = cut + 1; second <= log.length; second += 1) {
          const table = new Map<string, ReturnType<typeof foldTokenEvents>['rows'][number]>();
          for (const batch of [log.slice(0, cut), log.slice(cut, second), log.slice(second)]) {
            const ids = new Set(batch.map((event) => String((event.data as { orderId: string }).orderId)));
            const prior = [...table.values()].filter((row) => ids.has(row.order_id));
            for (const row of foldTokenEvents(batch, prior).rows) table.set(row.token, row);
          }
          expect(table).toEqual(whole);
        }
      }
      expect(states([...whole.values()]).filter((text) => text.includes('eligible'))).toEqual(['DDDDDDDD-1:eligible', 'DDDDDDDD-2:eligible', 'DDDDDDDD-3:eligible']);
    });

    it('an instant order of 30 units for 1 taka earns no token; a paid one earns one per unit, a discounted one what it paid', () => {
      expect(foldTokenEvents([instant('FFFFFFFF', [30], 100)]).rows).toEqual([]);
      expect(foldTokenEvents([instant('GGGGGGGG', [3])]).rows.map((row) => row.token)).toEqual(['GGGGGGGG-1', 'GGGGGGGG-2', 'GGGGGGGG-3']);
      // 3 t-shirts at 500 taka with 10 % off: 2.7 t-shirts paid, 3 tokens; half price: 1.5, 2 tokens; a third: 1.
      expect(foldTokenEvents([instant('HHHHHHHH', [3], 150_000, 15_000)]).rows).toHaveLength(3);
      expect(foldTokenEvents([instant('JJJJJJJJ', [3], 150_000, 75_000)]).rows).toHaveLength(2);
      expect(foldTokenEvents([instant('KKKKKKKK', [3], 50_000)]).rows).toHaveLength(1);
      // Whatever the amount says, never more tokens than units.
      expect(foldTokenEvents([instant('LLLLLLLL', [2], 10_000_000)]).rows).toHaveLength(2);
    });
  });
});
