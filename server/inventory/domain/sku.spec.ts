import type { SkuEvent } from './sku.events';
import { InvalidStockCommand, NoSuchReservation, OutOfStock, StockWouldGoNegative } from './sku.errors';
import { deciderSpec } from '../../../test/support/decider-spec';
import { fold } from '../../event-store/command-path/decider';
import { skuDecider } from './sku';
import { skuStreamId } from './sku-stream';

const sku = { productId: 7, size: 'M' };
const received = (quantity: number): SkuEvent => ({ type: 'StockReceived', data: { ...sku, quantity } });
const reserved = (quantity: number, orderId: string): SkuEvent => ({ type: 'StockReserved', data: { ...sku, quantity, orderId } });
const released = (quantity: number, orderId: string): SkuEvent => ({
  type: 'StockReleased',
  data: { ...sku, quantity, orderId, reason: 'order cancelled' },
});

const { given } = deciderSpec(skuDecider);

describe('SKU stock decider', () => {
  describe('ReceiveStock', () => {
    it('records received units, uppercasing the size', () => {
      given().when({ type: 'ReceiveStock', data: { productId: 7, size: 'm', quantity: 12 } }).then(received(12));
    });

    it.each([0, -3, 1.5])('refuses a quantity of %p', (quantity) => {
      given().when({ type: 'ReceiveStock', data: { ...sku, quantity } }).thenThrows(InvalidStockCommand);
    });
  });

  describe('ReserveStock', () => {
    it('reserves all that is available', () => {
      given(received(10))
        .when({ type: 'ReserveStock', data: { ...sku, quantity: 10, orderId: 'o-1' } })
        .then(reserved(10, 'o-1'));
    });

    it('refuses the 11th unit for a SKU with 10 units, saying how many are available', () => {
      const error = given(received(10), reserved(4, 'o-1'))
        .when({ type: 'ReserveStock', data: { ...sku, quantity: 7, orderId: 'o-2' } })
        .thenThrows(OutOfStock) as OutOfStock;
      expect(error).toMatchObject({ available: 6, requested: 7, productId: 7, size: 'M', code: 'out-of-stock' });
    });

    it('refuses any reservation on a SKU that never received stock', () => {
      const error = given().when({ type: 'ReserveStock', data: { ...sku, quantity: 1, orderId: 'o-1' } }).thenThrows(OutOfStock);
      expect(error).toMatchObject({ available: 0 });
    });

    it('needs an order id', () => {
      given(received(5)).when({ type: 'ReserveStock', data: { ...sku, quantity: 1, orderId: ' ' } }).thenThrows(InvalidStockCommand);
    });
  });

  describe('ReleaseStock', () => {
    it('gives back what the order holds', () => {
      given(received(5), reserved(2, 'o-1'))
        .when({ type: 'ReleaseStock', data: { ...sku, quantity: 2, orderId: 'o-1', reason: 'order cancelled' } })
        .then(released(2, 'o-1'));
    });

    it('refuses a second release of the same reservation, which would create stock', () => {
      given(received(5), reserved(2, 'o-1'), released(2, 'o-1'))
        .when({ type: 'ReleaseStock', data: { ...sku, quantity: 2, orderId: 'o-1', reason: 'order cancelled' } })
        .thenThrows(NoSuchReservation);
    });

    it("refuses to release another order's units", () => {
      given(received(5), reserved(2, 'o-1'))
        .when({ type: 'ReleaseStock', data: { ...sku, quantity: 1, orderId: 'o-2', reason: 'order cancelled' } })
        .thenThrows(NoSuchReservation);
    });
  });

  describe('AdjustStock', () => {
    it('adjusts down to exactly zero', () => {
      given(received(3))
        .when({ type: 'AdjustStock', data: { ...sku, delta: -3, reason: 'damaged in transit' } })
        .then({ type: 'StockAdjusted', data: { ...sku, delta: -3, reason: 'damaged in transit' } });
    });

    it('never takes available below zero, even with units reserved', () => {
      const error = given(received(5), reserved(4, 'o-1'))
        .when({ type: 'AdjustStock', data: { ...sku, delta: -2, reason: 'recount' } })
        .thenThrows(StockWouldGoNegative);
      expect(error).toMatchObject({ available: 1, delta: -2 });
    });

    it('refuses a zero delta and a missing reason', () => {
      given(received(5)).when({ type: 'AdjustStock', data: { ...sku, delta: 0, reason: 'recount' } }).thenThrows(InvalidStockCommand);
      given(received(5)).when({ type: 'AdjustStock', data: { ...sku, delta: 2, reason: '' } }).thenThrows(InvalidStockCommand);
    });
  });

  it('folds a stream into available, reserved and per-order holdings', () => {
    const state = fold(skuDecider, [received(10), reserved(3, 'o-1'), reserved(2, 'o-2'), released(1, 'o-1'), { type: 'StockAdjusted', data: { ...sku, delta: -1, reason: 'recount' } }]);
    expect(state).toEqual({ available: 5, reserved: 4, reservations: { 'o-1': 2, 'o-2': 2 } });
  });
});

describe('skuStreamId', () => {
  it('names the stream sku-<productId>-<SIZE>', () => {
    expect(skuStreamId(42, 'xxl')).toBe('sku-42-XXL');
  });

  it('refuses ids and sizes that would make an ambiguous stream name', () => {
    expect(() => skuStreamId(0, 'M')).toThrow(RangeError);
    expect(() => skuStreamId(4, 'X-L')).toThrow(RangeError);
  });
});
