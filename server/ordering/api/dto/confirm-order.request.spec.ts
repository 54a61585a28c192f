import { ValidationFailedError } from '../../../common/errors/domain-error';
import { CHECKOUT_MESSAGES as M, parseConfirmOrder } from './confirm-order.request';

const valid = () => ({
  cart: [{ id: 3, name: 'Tee', size: 'M', price: 1, slug: 'tee', qty: 2, thumbnail: '/t.svg' }],
  coupon: null,
  couponoffer: null,
  data: { name: 'Rahim', email: '', phone: '01711111111', address: 'Mirpur', shipping_phone: '01811111111', devliery_charge: 60, paymentMethod: 'cash' },
});

function errorsOf(body: unknown): Record<string, string[]> {
  try {
    parseConfirmOrder(body, null);
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationFailedError);
    return (error as ValidationFailedError).errors!;
  }
  throw new Error('expected a validation error');
}

describe('confirm-order request', () => {
  it('reads the checkout, ignoring the browser prices, with Taka in paisa', () => {
    expect(parseConfirmOrder({ ...valid(), coupon: { couponCode: ' eid10 ', discountPercent: 90 } }, 'u-1')).toEqual({
      customer: { name: 'Rahim', email: null, phone: '01711111111', address: 'Mirpur', shippingPhone: '01811111111', userId: 'u-1' },
      payment: { method: 'cash', bkashNumber: null, transactionId: null },
      deliveryChargePaisa: 6000,
      cart: [{ productId: 3, size: 'M', quantity: 2 }],
      couponCode: 'eid10',
    });
  });

  it('names each missing field with the form messages', () => {
    expect(errorsOf({ cart: [], data: {} })).toEqual({
      cart: [M.cartEmpty],
      name: [M.nameRequired],
      phone: [M.phoneRequired],
      address: [M.addressRequired],
      shipping_phone: [M.shippingPhoneRequired],
      devliery_charge: [M.deliveryChargeRequired],
    });
  });

  it.each([['0171111111'], ['017111111111'], ['02711111111'], ['01211111111'], ['0171111111a']])('refuses the phone %s', (phone) => {
    expect(errorsOf({ ...valid(), data: { ...valid().data, phone } })).toEqual({ phone: [M.phoneInvalid] });
  });

  it('needs the bKash number and transaction id for bkash, and checks them', () => {
    expect(errorsOf({ ...valid(), data: { ...valid().data, paymentMethod: 'bkash' } })).toEqual({
      bkash_number: [M.bkashNumberRequired],
      transaction_id: [M.transactionIdRequired],
    });
    expect(errorsOf({ ...valid(), data: { ...valid().data, paymentMethod: 'bkash', bkash_number: '123', transaction_id: 'x!' } })).toEqual({
      bkash_number: [M.bkashNumberInvalid],
      transaction_id: [M.transactionIdInvalid],
    });
  });

  it('refuses an unknown payment method, a bad e-mail and a bad quantity', () => {
    expect(errorsOf({ ...valid(), data: { ...valid().data, paymentMethod: 'card' } })).toEqual({ paymentMethod: [M.paymentMethodInvalid] });
    expect(errorsOf({ ...valid(), data: { ...valid().data, email: 'not-an-email' } })).toEqual({ email: [M.emailInvalid] });
    expect(errorsOf({ ...valid(), cart: [{ id: 3, size: 'M', qty: 0 }] })).toEqual({ 'cart.0.qty': [M.quantityInvalid] });
  });
});
