import type { OrderTimelineEntryResponse } from '../../../../contracts/orders';
import { paymentLedger } from './payment-ledger';

const entry = (position: number, event: string, details: Record<string, unknown>): OrderTimelineEntryResponse => ({
  position,
  event,
  at: '2026-11-27T10:00:00.000Z',
  actor: { id: 'x', role: 'care', name: null },
  note: null,
  details,
});

describe('paymentLedger', () => {
  it('has nothing to refund before a payment completed', () => {
    expect(paymentLedger([entry(1, 'PaymentStarted', { amountPaisa: 72000 }), entry(2, 'PaymentFailed', { reason: 'cancel' })])).toBeNull();
  });

  it('leaves what was paid less what was refunded and what is asked without an answer', () => {
    const ledger = paymentLedger([
      entry(1, 'PaymentStarted', { amountPaisa: 72000 }),
      entry(2, 'PaymentCompleted', { amountPaisa: 72000, trxId: 'TRX1' }),
      entry(3, 'PaymentRefundRequested', { refundId: 'a', amountPaisa: 10000 }),
      entry(4, 'PaymentRefunded', { refundId: 'a', amountPaisa: 10000 }),
      entry(5, 'PaymentRefundRequested', { refundId: 'b', amountPaisa: 5000 }),
      entry(6, 'PaymentRefundFailed', { refundId: 'b', reason: 'refused' }),
      entry(7, 'PaymentRefundRequested', { refundId: 'c', amountPaisa: 2000 }),
    ]);
    expect(ledger).toEqual({ trxId: 'TRX1', paidPaisa: 72000, refundedPaisa: 10000, pendingPaisa: 2000, leftPaisa: 60000 });
  });
});
