import type { OrderLocale, OrderPlaced } from '../../server/ordering/domain/order.events';

/**
 * An online order of two Rickshaw Art Tees delivered inside Dhaka, paid in cash: the OrderPlaced event the mail
 * and SMS suites append to the store themselves. The customer has no e-mail and phone 01711111111 unless the test
 * names them; `locale` is left out (English) unless named.
 */
export function orderPlaced(orderId: string, contact: { email?: string | null; phone?: string; locale?: OrderLocale } = {}): OrderPlaced {
  const phone = contact.phone ?? '01711111111';
  return {
    type: 'OrderPlaced',
    data: {
      orderId,
      orderType: 1,
      placedAt: new Date().toISOString(),
      customer: { name: 'Tanvir Ahmed', email: contact.email ?? null, phone, address: 'Road 5, Dhanmondi', shippingPhone: phone, userId: null },
      payment: { method: 'cash', bkashNumber: null, transactionId: null },
      shipping: { zone: 'inside', chargePaisa: 6000 },
      lines: [{ productId: 1, size: 'm', name: 'Rickshaw Art Tee', slug: 'rickshaw-art-tee', thumbnail: '', quantity: 2, unitPricePaisa: 55000 }],
      coupon: null,
      totals: { subtotalPaisa: 110000, discountPaisa: 0, deliveryChargePaisa: 6000, grandTotalPaisa: 116000 },
      luckyDrawTokens: [],
      ...(contact.locale ? { locale: contact.locale } : {}),
    },
  };
}
