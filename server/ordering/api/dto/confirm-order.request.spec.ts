import { englishMessage } from '../../../../contracts/error-messages';
import { ValidationFailedError } from '../../../common/errors/domain-error';
import { CHECKOUT_ERRORS, parseConfirmOrder } from './confirm-order.request';

/** The English message of each rule of the form, as the answer's `errors` carries it. */
const M = Object.fromEntries(Object.entries(CHECKOUT_ERRORS).map(([rule, code]) => [rule, englishMessage(code)])) as Record<keyof typeof CHECKOUT_ERRORS, string>;

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
      offer: null,
    });
  });

  it("reads the shopper's language: 'bn' kept, 'en' kept, anything else as absent (English)", () => {
    expect(parseConfirmOrder({ ...valid(), locale: 'bn' }, null).locale).toBe('bn');
    expect(parseConfirmOrder({ ...valid(), locale: 'en' }, null).locale).toBe('en');
    expect(parseConfirmOrder({ ...valid(), locale: 'fr' }, null)).not.toHaveProperty('locale');
    expect(parseConfirmOrder(valid(), null)).not.toHaveProperty('locale');
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

  it('marks lines added from the offer page, and reads no discount the browser states', () => {
    const body = {
      ...valid(),
      cart: [{ ...valid().cart[0], coupon_code: 'lucky-draw', discount: 50 }, { id: 4, size: 'L', qty: 1 }],
      couponoffer: { coupon_code: 'LUCKY-DRAW', offer: 'lucky-draw', discountPercent: 90 },
    };
    const checkout = parseConfirmOrder(body, null);
    expect(checkout.cart).toEqual([
      { productId: 3, size: 'M', quantity: 2, fromOffer: true },
      { productId: 4, size: 'L', quantity: 1 },
    ]);
    expect(checkout.offer).toBeNull();
  });

  it('refuses a tampered line coupon_code or coupon-offer with 422 on that field', () => {
    expect(errorsOf({ ...valid(), cart: [{ ...valid().cart[0], coupon_code: 'LUCKY50' }] })).toEqual({ 'cart.0.coupon_code': [M.offerCodeInvalid] });
    expect(errorsOf({ ...valid(), cart: [{ ...valid().cart[0], coupon_code: { percent: 50 } }] })).toEqual({ 'cart.0.coupon_code': [M.offerCodeInvalid] });
    expect(errorsOf({ ...valid(), couponoffer: { coupon_code: 'FREE', discountPercent: 90 } })).toEqual({ couponoffer: [M.couponOfferInvalid] });
    expect(errorsOf({ ...valid(), couponoffer: 'LUCKY-DRAW' })).toEqual({ couponoffer: [M.couponOfferInvalid] });
  });
});

describe('confirm-order with a picked area (issue 30, ADR 059)', () => {
  const withArea = (data: Record<string, unknown>) => ({ ...valid(), data: { ...valid().data, ...data } });

  it('reads area_id and landmark; the delivery charge may then be left out (the zone prices it)', () => {
    const { devliery_charge: _charge, ...noCharge } = valid().data;
    const parsed = parseConfirmOrder({ ...valid(), data: { ...noCharge, area_id: ' t-12 ', landmark: ' Near the lake ' } }, null);
    expect(parsed).toMatchObject({ areaId: 't-12', landmark: 'Near the lake', deliveryChargePaisa: null });
    expect(parseConfirmOrder(withArea({ area_id: 't-12', devliery_charge: 1 }), null)).toMatchObject({ areaId: 't-12', landmark: null, deliveryChargePaisa: 100 });
  });

  it('still needs the delivery charge without an area, and refuses an area id that is no id', () => {
    const { devliery_charge: _charge, ...noCharge } = valid().data;
    expect(errorsOf({ ...valid(), data: noCharge })).toEqual({ devliery_charge: [M.deliveryChargeRequired] });
    expect(errorsOf(withArea({ area_id: 'Dhanmondi' }))).toEqual({ area_id: [M.areaUnknown] });
    expect(errorsOf(withArea({ area_id: 't-12', landmark: 'x'.repeat(201) }))).toEqual({ landmark: [M.landmarkTooLong] });
  });

  it("keeps a cash order's bKash advance (number and transaction id) when both are well formed, else neither", () => {
    expect(parseConfirmOrder(withArea({ bkash_number: '01911111111', transaction_id: 'adv12345' }), null).payment).toEqual({ method: 'cash', bkashNumber: '01911111111', transactionId: 'ADV12345' });
    expect(parseConfirmOrder(withArea({ bkash_number: '01911111111', transaction_id: '' }), null).payment).toEqual({ method: 'cash', bkashNumber: null, transactionId: null });
  });
});
