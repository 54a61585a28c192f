import type { OrderTracking } from '../types';
import { nextPaymentPoll, PAYMENT_POLLS } from './payment-result';

const withPayment = (state: NonNullable<OrderTracking['payment']>['state'], paymentMethod = 'bkash') =>
  ({ paymentMethod, payment: { gateway: 'demo', state, trx_id: null, amount: 720, refunded: 0, failure: null } }) as OrderTracking;

describe('nextPaymentPoll', () => {
  it('reads a payment being checked again after 1, 2, 4… seconds, then stops', () => {
    const waits = Array.from({ length: PAYMENT_POLLS + 1 }, (_, index) => nextPaymentPoll(withPayment('processing'), index + 1));
    expect(waits).toEqual([1000, 2000, 4000, 8000, 16000, false]);
  });

  it('stops once the payment is settled or the order is paid in cash', () => {
    expect(nextPaymentPoll(withPayment('paid'), 1)).toBe(false);
    expect(nextPaymentPoll(withPayment('failed'), 1)).toBe(false);
    expect(nextPaymentPoll(withPayment('failed', 'cash'), 1)).toBe(false);
  });
});
