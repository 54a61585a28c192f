import { checkoutTotals, firstCheckoutProblem, normalizedPhones, outOfStockOf, type CheckoutFields } from './checkout-validation';

const valid: CheckoutFields = {
  name: 'Rahim',
  phone: '01711111111',
  address: 'House 1, Dhanmondi',
  shipping_phone: '01711111111',
  paymentMethod: 'cash',
  bkash_number: '',
  transaction_id: '',
};

describe('checkout validation', () => {
  it('refuses an empty cart first', () => {
    expect(firstCheckoutProblem({ ...valid, name: '' }, 0)?.title).toBe('Cart is empty!');
  });

  it('names each missing field with its §5 title, in form order', () => {
    expect(firstCheckoutProblem({ ...valid, name: ' ' }, 1)?.title).toBe('Name Required');
    expect(firstCheckoutProblem({ ...valid, phone: '0171' }, 1)?.title).toBe('Phone Required');
    expect(firstCheckoutProblem({ ...valid, address: '' }, 1)?.title).toBe('Address Required');
    expect(firstCheckoutProblem({ ...valid, shipping_phone: '' }, 1)?.title).toBe('Shipping Phone Required');
    expect(firstCheckoutProblem(valid, 1)).toBeNull();
  });

  it('takes phones as shoppers type them: +880, spaces, dashes, Bengali digits', () => {
    for (const phone of ['+880 1712-345678', '8801712345678', '০১৭১২৩৪৫৬৭৮']) {
      const fields = { ...valid, phone, shipping_phone: phone };
      expect(firstCheckoutProblem(fields, 1)).toBeNull();
      expect(normalizedPhones(fields)).toMatchObject({ phone: '01712345678', shipping_phone: '01712345678' });
    }
    expect(firstCheckoutProblem({ ...valid, phone: '+880 1712-34567' }, 1)?.title).toBe('Phone Required');
  });

  it('reads the out-of-stock answer into the line and what is left', () => {
    expect(outOfStockOf('Out of Stock: Tiger Tee (Size: M) has only 2 left.')).toEqual({ name: 'Tiger Tee', size: 'M', available: 2 });
    expect(outOfStockOf('Out of Stock: Tiger Tee (Size: XL) is not available.')).toEqual({ name: 'Tiger Tee', size: 'XL', available: 0 });
    expect(outOfStockOf('Invalid coupon code.')).toBeNull();
  });

  it('asks for the bKash number and transaction id only when paying by bKash', () => {
    expect(firstCheckoutProblem({ ...valid, paymentMethod: 'bkash' }, 1)?.field).toBe('bkash_number');
    expect(firstCheckoutProblem({ ...valid, paymentMethod: 'bkash', bkash_number: '01811111111' }, 1)?.field).toBe('transaction_id');
    expect(firstCheckoutProblem({ ...valid, paymentMethod: 'bkash', bkash_number: '01811111111', transaction_id: 'TX12345' }, 1)).toBeNull();
  });

  it('takes the discount percent off the subtotal and adds shipping', () => {
    expect(checkoutTotals(1300, 10, 70)).toEqual({ subtotal: 1300, discount: 130, shipping: 70, grandTotal: 1240 });
    expect(checkoutTotals(1300, 0, 130).grandTotal).toBe(1430);
  });
});
