import type { RecordedEvent } from '../../event-store/event-store.types';
import type { SkuEvent } from '../domain/sku.events';
import { foldSkuStock, type SkuStockRow } from './sku-stock.fold';

let globalPosition = 0n;
function recorded(streamPosition: number, event: SkuEvent): RecordedEvent {
  globalPosition += 1n;
  return {
    id: `e-${globalPosition}`,
    globalPosition,
    streamId: `sku-${event.data.productId}-${event.data.size}`,
    streamPosition,
    type: event.type,
    schemaVersion: 1,
    data: event.data,
    metadata: { correlationId: 'c', causationId: null, actor: { id: 'test', role: 'system' } },
    recordedAt: new Date(Date.UTC(2026, 0, 1, 0, 0, streamPosition)),
    transactionId: 1n,
  };
}

const m = { productId: 1, size: 'M' };
const l = { productId: 1, size: 'L' };
const stream = [
  recorded(1, { type: 'StockReceived', data: { ...m, quantity: 10 } }),
  recorded(2, { type: 'StockReserved', data: { ...m, quantity: 3, orderId: 'o-1' } }),
  recorded(3, { type: 'StockReleased', data: { ...m, quantity: 1, orderId: 'o-1', reason: 'line removed' } }),
  recorded(4, { type: 'StockAdjusted', data: { ...m, delta: -2, reason: 'damaged' } }),
];

describe('foldSkuStock', () => {
  it('folds a batch into one row per SKU', () => {
    const other = recorded(1, { type: 'StockReceived', data: { ...l, quantity: 2 } });
    const rows = foldSkuStock([], [stream[0], other, ...stream.slice(1)]);
    expect(rows).toEqual([
      { ...m, available: 6, reserved: 2, version: 4, updatedAt: stream[3].recordedAt },
      { ...l, available: 2, reserved: 0, version: 1, updatedAt: other.recordedAt },
    ]);
  });

  it('gives the same row whether the stream arrives in one batch or several', () => {
    const [first] = foldSkuStock([], stream.slice(0, 2));
    expect(foldSkuStock([first], stream.slice(2))).toEqual(foldSkuStock([], stream));
  });

  it('skips events already applied, so a replayed batch changes nothing', () => {
    const [row] = foldSkuStock([], stream);
    expect(foldSkuStock([row], stream)).toEqual([]);
    expect(foldSkuStock([row as SkuStockRow], stream.slice(2))).toEqual([]);
  });

  it('ignores events that are not about stock', () => {
    const other = { ...stream[0], type: 'OrderPlaced', data: { orderId: 'o-1' } } as RecordedEvent;
    expect(foldSkuStock([], [other])).toEqual([]);
  });
});
