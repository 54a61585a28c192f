import { ApiError } from '../../lib/api-client';
import { checkoutProblems, checkoutTotals, firstCheckoutProblem, normalizedPhones, outOfStockOf, type CheckoutFields } from './checkout-validation';

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

  it('names every problem of an empty form at once, in form order (issue 32), and a typed e-mail only when wrong', () => {
    const empty = { ...valid, name: '', phone: '', address: '', shipping_phone: '' };
    expect(checkoutProblems(empty, 1).map((problem) => problem.field)).toEqual(['name', 'phone', 'address', 'shipping_phone']);
    expect(checkoutProblems(valid, 1, { email: 'someone@' }).map((problem) => problem.field)).toEqual(['email']);
    expect(checkoutProblems(valid, 1, { email: 'someone@example.com' })).toEqual([]);
    expect(checkoutProblems({ ...valid, paymentMethod: 'bkash' }, 1).map((problem) => problem.field)).toEqual(['bkash_number', 'transaction_id']);
  });

  it('takes phones as shoppers type them: +880, spaces, dashes, Bengali digits', () => {
    for (const phone of ['+880 1712-345678', '8801712345678', '০১৭১২৩৪৫৬৭৮']) {
      const fields = { ...valid, phone, shipping_phone: phone };
      expect(firstCheckoutProblem(fields, 1)).toBeNull();
      expect(normalizedPhones(fields)).toMatchObject({ phone: '01712345678', shipping_phone: '01712345678' });
    }
    expect(firstCheckoutProblem({ ...valid, phone: '+880 1712-34567' }, 1)?.title).toBe('Phone Required');
  });

  /** A 409 as the server answers a checkout whose line is short (server/ordering's ProductOutOfStock). */
  const refusal = (code: string, params: Record<string, string | number>, message: string) => new ApiError(409, { success: false, message, code, params }, message);

  it('reads the out-of-stock answer into the line and what is left', () => {
    expect(outOfStockOf(refusal('out-of-stock-left', { product: 'Tiger Tee', size: 'M', available: 2 }, 'Out of Stock: Tiger Tee (Size: M) has only 2 left.'))).toEqual({
      name: 'Tiger Tee',
      size: 'M',
      available: 2,
    });
    expect(outOfStockOf(refusal('out-of-stock', { product: 'Tiger Tee', size: 'XL' }, 'Out of Stock: Tiger Tee (Size: XL) is not available.'))).toEqual({ name: 'Tiger Tee', size: 'XL', available: 0 });
    expect(outOfStockOf(refusal('coupon-invalid', {}, 'Invalid coupon code.'))).toBeNull();
  });

  it('reads the out-of-stock line from the code and params, whatever the message says (issue 26)', () => {
    // The English wording may change, or the message be another language's: the line is found all the same.
    expect(outOfStockOf(refusal('out-of-stock-left', { product: 'Tiger Tee', size: 'M', available: 2 }, 'Sorry! Only 2 Tiger Tee in M are left.'))).toEqual({ name: 'Tiger Tee', size: 'M', available: 2 });
    expect(outOfStockOf(refusal('out-of-stock', { product: 'Tiger Tee', size: 'XL' }, 'স্টক শেষ'))).toEqual({ name: 'Tiger Tee', size: 'XL', available: 0 });
    // The old English text without its code is no longer read.
    expect(outOfStockOf(new ApiError(409, { success: false, message: 'Out of Stock: Tiger Tee (Size: M) has only 2 left.' }, 'Out of Stock: Tiger Tee (Size: M) has only 2 left.'))).toBeNull();
    expect(outOfStockOf(refusal('out-of-stock-left', { size: 'M', available: 2 }, 'no product named'))).toBeNull();
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
