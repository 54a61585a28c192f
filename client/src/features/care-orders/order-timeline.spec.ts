import type { OrderTimelineEntryResponse } from '../../../../contracts/orders';
import { detailValue, mergedTimeline } from './components/order-timeline';
import { eventLabel } from './order-steps';

const entry = (position: number, event: string, at: string): OrderTimelineEntryResponse => ({ position, event, at, actor: { id: 'care-1', role: 'care', name: 'Rina' }, note: null, details: {} });

describe('the order timeline with its returns (issue 35)', () => {
  it('puts the returns’ steps among the order’s own events by time, the order’s first on the same instant, each keyed by its source', () => {
    const own = [entry(1, 'OrderPlaced', '2026-11-01T10:00:00.000Z'), entry(2, 'OrderDelivered', '2026-11-03T10:00:00.000Z')];
    const returns = [entry(1, 'ReturnRequested', '2026-11-03T10:00:00.000Z'), entry(2, 'ReturnApproved', '2026-11-04T09:00:00.000Z')];
    expect(mergedTimeline(own, returns).map((item) => [item.key, item.event])).toEqual([
      ['order-1', 'OrderPlaced'],
      ['order-2', 'OrderDelivered'],
      ['returns-1', 'ReturnRequested'],
      ['returns-2', 'ReturnApproved'],
    ]);
    expect(mergedTimeline(own).map((item) => item.key)).toEqual(['order-1', 'order-2']);
  });

  it('says each return step and its details in plain words', () => {
    expect(['ReturnRequested', 'ReturnRefused', 'ReturnPickupBooked', 'ReturnReceived', 'ExchangeOrderCreated', 'ReturnRefunded'].map(eventLabel)).toEqual([
      'Return or exchange asked', 'Return refused', 'Return pick-up booked', 'Returned item received', 'Exchange order linked', 'Return refunded',
    ]);
    expect(detailValue('condition', 'damaged')).toBe('Damaged, written off');
    expect(detailValue('condition', 'stock')).toBe('Back to stock');
    expect(detailValue('method', 'store_credit')).toBe('Store credit');
    expect(detailValue('returnReason', 'size_too_small')).toBe('Size too small');
    expect(detailValue('kind', 'exchange')).toBe('Another size');
    expect(detailValue('collectPaisa', 11_000)).toMatch(/110/);
  });
});
