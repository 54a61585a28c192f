import { ConflictError, ValidationFailedError } from '../../common/errors/domain-error';
import { deciderSpec } from '../../../test/support/decider-spec';
import { returnSms } from '../../sms/templates/sms-texts';
import { smsSize } from '../../sms/templates/segments';
import type { ReturnEvent, ReturnRequested } from './return.events';
import { storeCreditDecider } from './store-credit';
import { DEFAULT_RETURN_SETTINGS, returnsDecider, type AskReturn, type OrderForReturn } from './returns';

const DELIVERED = '2026-11-20T10:00:00.000Z';
const order: OrderForReturn = {
  orderId: 'K7Q2M9XA',
  delivered: true,
  deliveredAt: DELIVERED,
  locale: 'bn',
  lines: [{ productId: 7, size: 'M', name: 'Tiger tee', quantity: 2, unitPricePaisa: 50_000 }],
  paidShare: 0.9,
  paidPaisa: 97_000,
};
const ask = (data: Partial<AskReturn['data']> = {}): AskReturn => ({
  type: 'AskReturn',
  data: {
    order, settings: DEFAULT_RETURN_SETTINGS, now: new Date('2026-11-22T10:00:00.000Z'), productId: 7, size: 'M', unit: 1, kind: 'return', reason: 'size_too_big',
    newSize: null, newSizePricePaisa: null, newSizeSold: false, exchangeOrderId: null, ...data,
  },
});
const asked = (data: Partial<ReturnRequested['data']> = {}): ReturnEvent => ({
  type: 'ReturnRequested',
  data: {
    returnId: 'K7Q2M9XA-R1', orderId: 'K7Q2M9XA', at: '2026-11-22T10:00:00.000Z', productId: 7, productName: 'Tiger tee', size: 'M', unit: 1, kind: 'return', reason: 'size_too_big',
    newSize: null, exchangeOrderId: null, unitPricePaisa: 50_000, newUnitPricePaisa: null, deliveryPayer: 'shopper', pickupChargePaisa: 6_000, priceDifferencePaisa: 0, refundAmountPaisa: 39_000,
    locale: 'bn', ...data,
  },
});
const step = (type: ReturnEvent['type'], data: object = {}) => ({ type, data: { returnId: 'K7Q2M9XA-R1', orderId: 'K7Q2M9XA', at: '2026-11-23T10:00:00.000Z', ...data } }) as ReturnEvent;

describe('returns decider', () => {
  const spec = deciderSpec(returnsDecider);

  it('works out a return\'s refund: what the unit paid after the discount, less the pick-up the shopper pays for', () => {
    spec.given().when(ask()).then(asked());
  });

  it('charges nothing for the pick-up of a damaged unit, and an exchange collects only a price rise', () => {
    expect(spec.given().when(ask({ reason: 'damaged' }))()).toEqual([asked({ reason: 'damaged', deliveryPayer: 'shop', pickupChargePaisa: 0, refundAmountPaisa: 45_000 })]);
    const exchange = spec.given().when(ask({ kind: 'exchange', reason: 'size_too_small', newSize: 'l', newSizePricePaisa: 55_000, newSizeSold: true, exchangeOrderId: 'X1' }))();
    expect(exchange[0].data).toMatchObject({ newSize: 'L', exchangeOrderId: 'X1', priceDifferencePaisa: 5_000, pickupChargePaisa: 6_000, refundAmountPaisa: 0 });
  });

  it('refuses before delivery, after the window, a unit the order does not have, a second open request and a size not in stock', () => {
    spec.given().when(ask({ order: { ...order, delivered: false, deliveredAt: null } })).thenThrows(ConflictError, { code: 'return-not-delivered' });
    spec.given().when(ask({ now: new Date('2026-11-27T10:00:01.000Z') })).thenThrows(ConflictError, { code: 'return-window-over' });
    spec.given().when(ask({ now: new Date('2026-11-27T10:00:00.000Z') }))();
    spec.given().when(ask({ unit: 3 })).thenThrows(ValidationFailedError, { code: 'return-unit-unknown' });
    spec.given(asked()).when(ask()).thenThrows(ConflictError, { code: 'return-already-open' });
    spec.given(asked(), step('ReturnApproved'), step('ReturnReceived', { condition: 'stock' })).when(ask()).thenThrows(ConflictError, { code: 'return-already-open' });
    spec.given(asked(), step('ReturnApproved'), step('ReturnReceived', { condition: 'stock' }), step('ReturnRefunded', { method: 'cash', amountPaisa: 39_000, refundTrxId: null })).when(ask()).thenThrows(ConflictError, { code: 'return-unit-done' });
    expect(spec.given(asked(), step('ReturnRefused', { reason: 'no' })).when(ask())()[0].data).toMatchObject({ returnId: 'K7Q2M9XA-R2' });
    spec.given().when(ask({ kind: 'exchange', newSize: 'L', newSizePricePaisa: 50_000, newSizeSold: false, exchangeOrderId: 'X1' })).thenThrows(ValidationFailedError, { code: 'exchange-size-unavailable' });
  });

  it('refunds only a received return, never above what the unit paid and not yet refunded', () => {
    const refund = (amountPaisa: number) => ({ type: 'RecordReturnRefund' as const, data: { returnId: 'K7Q2M9XA-R1', now: new Date(), method: 'cash' as const, amountPaisa, refundTrxId: null, orderPaidPaisa: 97_000 } });
    spec.given(asked()).when(refund(100)).thenThrows(ConflictError, { code: 'return-step-not-allowed' });
    const received = [asked(), step('ReturnApproved'), step('ReturnReceived', { condition: 'stock' })];
    spec.given(...received).when(refund(45_001)).thenThrows(ValidationFailedError, { code: 'return-refund-exceeds-paid' });
    expect(spec.given(...received).when(refund(45_000))()).toEqual([expect.objectContaining({ type: 'ReturnRefunded' })]);
  });
});

describe('store credit', () => {
  it('is never spent below zero', () => {
    const spec = deciderSpec(storeCreditDecider);
    const granted = { type: 'StoreCreditGranted' as const, data: { amountPaisa: 10_000, orderId: 'A', returnId: 'A-R1', at: '2026-11-22T10:00:00.000Z' } };
    spec.given(granted).when({ type: 'SpendStoreCredit', data: { amountPaisa: 10_001, orderId: 'B', now: new Date() } }).thenThrows(ConflictError, { code: 'store-credit-insufficient' });
    expect(spec.given(granted).when({ type: 'SpendStoreCredit', data: { amountPaisa: 10_000, orderId: 'B', now: new Date() } })()).toHaveLength(1);
  });
});

describe('return SMS', () => {
  it('fits every step in two parts in both languages', () => {
    const store = { name: 'Tee Bazaar', origin: 'https://teebazaar.example' };
    for (const locale of ['en', 'bn'] as const) {
      for (const kind of ['approved', 'refused', 'pickup', 'received', 'exchange', 'refunded'] as const) {
        const text = returnSms(kind, locale, store, { orderId: 'K7Q2M9XA', exchangeOrderId: 'Z9Y8X7W6', newSize: 'XL', amountPaisa: 11_000, method: 'bkash', courier: 'Demo courier', trackingCode: 'DEMO-P-K7Q2M9XA-R1', reason: 'The tag was cut off and the shirt was washed' });
        expect({ locale, kind, segments: smsSize(text).segments <= 2 }).toEqual({ locale, kind, segments: true });
      }
    }
  });
});
