import { orderLocale, orderPlacedMail, orderStatusMail, taka } from './order-mails';

const store = { name: 'Tee Bazaar', email: 'care@teebazaar.test', origin: 'https://teebazaar.test' };
const summary = {
  orderId: 'K7M2P9QX',
  customerName: 'রহিম উদ্দিন',
  lines: [{ name: 'Royal Bengal Tiger Tee', size: 'm', quantity: 2, unitPricePaisa: 65_000 }],
  totalPaisa: 1_25_000_00,
};

describe('order mails in the language of the order (issue 18)', () => {
  it('keeps the English mail as it was for an order placed in English', () => {
    const mail = orderPlacedMail(store, summary);
    expect(mail.subject).toBe('Your Tee Bazaar order K7M2P9QX is pending');
    expect(mail.text).toContain('Royal Bengal Tiger Tee (size M) × 2 — ৳1300.00');
    expect(mail.text).toContain('Total: ৳125000.00');
    expect(mail.html).toContain('<html lang="en">');
  });

  it('writes a Bengali order mail with Bengali digits and lakh grouping', () => {
    const mail = orderPlacedMail(store, summary, 'bn');
    expect(mail.subject).toBe('Tee Bazaar-এ আপনার অর্ডার K7M2P9QX অপেক্ষমাণ');
    expect(mail.text).toContain('প্রিয় রহিম উদ্দিন,');
    expect(mail.text).toContain('Royal Bengal Tiger Tee (সাইজ M) × ২ — ৳১,৩০০.০০');
    expect(mail.text).toContain('মোট: ৳১,২৫,০০০.০০');
    expect(mail.text).toContain('অর্ডার ট্র্যাক করুন: https://teebazaar.test/order-tracking');
    expect(mail.html).toContain('<html lang="bn">');
    expect(mail.html).toContain('বোতামটি কাজ না করলে');
    expect(mail.html).not.toContain('If the button does not work');
  });

  it('writes status mails in Bengali too, with the courier and reason as given', () => {
    const mail = orderStatusMail(store, 'OrderShipped', summary, { courier: 'Pathao', trackingCode: 'PX-1' }, 'bn');
    expect(mail.subject).toBe('Tee Bazaar-এ আপনার অর্ডার K7M2P9QX পথে আছে');
    expect(mail.text).toContain('কুরিয়ার: Pathao, ট্র্যাকিং কোড PX-1।');
    expect(orderStatusMail(store, 'OrderShipped', summary, {}).subject).toBe('Your Tee Bazaar order K7M2P9QX is on its way');
  });

  it('reads the language recorded on OrderPlaced, English when absent or unknown', () => {
    expect(orderLocale({ locale: 'bn' })).toBe('bn');
    expect(orderLocale({})).toBe('en');
    expect(orderLocale({ locale: 'fr' })).toBe('en');
    expect(taka(12345, 'bn')).toBe('৳১২৩.৪৫');
  });
});
