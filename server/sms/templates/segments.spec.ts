import { SegmentedMessage } from 'sms-segments-calculator';
import { fitSegments, MAX_SEGMENTS, smsSize } from './segments';
import { ORDER_SMS_KIND, orderSms, phoneCodeSms } from './sms-texts';

describe('SMS parts', () => {
  it('counts GSM-7 texts as 160 characters in one part and 153 a part when split', () => {
    expect(smsSize('a'.repeat(160))).toEqual({ encoding: 'GSM-7', characters: 160, segments: 1 });
    expect(smsSize('a'.repeat(161))).toEqual({ encoding: 'GSM-7', characters: 161, segments: 2 });
    expect(smsSize('a'.repeat(306)).segments).toBe(2);
    expect(smsSize('a'.repeat(307)).segments).toBe(3);
    // The escaped characters of GSM-7 take two places each.
    expect(smsSize('[]'.repeat(40))).toEqual({ encoding: 'GSM-7', characters: 160, segments: 1 });
    expect(smsSize('[]'.repeat(40) + 'a').segments).toBe(2);
  });

  it('measures plain English texts exactly as the library does, on its quick path', () => {
    const alphabet = 'abcXYZ019 .,:;!?\'"()/+-#%&*=@_<>$£¥\n';
    let seed = 7;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    for (const length of [0, 1, 159, 160, 161, 305, 306, 307, 459, 460, 461, ...Array.from({ length: 200 }, () => Math.floor(random() * 500))]) {
      const text = Array.from({ length }, () => alphabet[Math.floor(random() * alphabet.length)]).join('');
      const library = new SegmentedMessage(text, 'auto');
      expect(smsSize(text)).toEqual({ encoding: library.encodingName, characters: library.numberOfCharacters, segments: library.segmentsCount });
    }
  });

  it('counts Bengali (UCS-2) texts as 70 characters in one part and 67 a part when split', () => {
    expect(smsSize('অ'.repeat(70))).toEqual({ encoding: 'UCS-2', characters: 70, segments: 1 });
    expect(smsSize('অ'.repeat(71)).segments).toBe(2);
    expect(smsSize('অ'.repeat(134)).segments).toBe(2);
    expect(smsSize('অ'.repeat(135)).segments).toBe(3);
    // One Bengali letter (or ৳) in an English text makes the whole text UCS-2.
    expect(smsSize(`${'a'.repeat(69)}৳`)).toEqual({ encoding: 'UCS-2', characters: 70, segments: 1 });
  });

  it('keeps optional tails only while the text stays within two parts, and cuts a text too long on its own', () => {
    expect(fitSegments('Your order was cancelled.', ['Reason: out of stock'])).toBe('Your order was cancelled. Reason: out of stock');
    expect(fitSegments('Your order was cancelled.', [`Reason: ${'x'.repeat(400)}`])).toBe('Your order was cancelled.');
    const cut = fitSegments('অ'.repeat(500));
    expect(smsSize(cut).segments).toBe(MAX_SEGMENTS);
    expect(cut.endsWith('…')).toBe(true);
  });
});

describe('the store\'s SMS texts', () => {
  const store = { name: 'Tee Bazaar', origin: 'https://teebazaar.com.bd' };
  const facts = { orderId: 'TB7K2M9QX4', totalPaisa: 116000, courier: 'Steadfast Courier', trackingCode: 'SF-2026-11-25-004812', reason: 'x'.repeat(600) };

  it.each(Object.values(ORDER_SMS_KIND).flatMap((kind) => (['en', 'bn'] as const).map((locale) => [kind, locale] as const)))(
    '%s in %s fits in at most two parts, GSM-7 in English and UCS-2 in Bengali',
    (kind, locale) => {
      const text = orderSms(kind, locale, store, facts);
      const size = smsSize(text);
      expect(size.segments).toBeLessThanOrEqual(2);
      expect(size.encoding).toBe(locale === 'en' ? 'GSM-7' : 'UCS-2');
      expect(text).toContain(facts.orderId);
    },
  );

  it('names the courier and tracking code of a shipped order, and the order id and link of a placed one', () => {
    expect(orderSms('shipped', 'en', store, facts)).toContain('Courier: Steadfast Courier, tracking code: SF-2026-11-25-004812.');
    expect(orderSms('shipped', 'bn', store, facts)).toContain('কুরিয়ার: Steadfast Courier, ট্র্যাকিং কোড: SF-2026-11-25-004812।');
    expect(orderSms('placed', 'en', store, facts)).toBe(
      'Tee Bazaar: We received your order TB7K2M9QX4. Total Tk 1160. We will call you to confirm it. Track: https://teebazaar.com.bd/order-tracking?orderId=TB7K2M9QX4',
    );
    expect(orderSms('placed', 'bn', store, facts)).toBe('Tee Bazaar: অর্ডার TB7K2M9QX4 পেয়েছি, মোট ১১৬০ টাকা। ট্র্যাক: https://teebazaar.com.bd/order-tracking?orderId=TB7K2M9QX4');
  });

  it('names the cash to collect in the shipped SMS and the new total in an amendment\'s, whole, in either language (issue 31)', () => {
    const cod = { ...facts, cashToCollectPaisa: 138000 };
    const english = orderSms('shipped', 'en', store, cod);
    const bengali = orderSms('shipped', 'bn', store, cod);
    expect(english).toContain('Please pay Tk 1380 on delivery. Courier: Steadfast Courier, tracking code: SF-2026-11-25-004812.');
    expect(bengali).toContain('ডেলিভারিতে দেবেন ১৩৮০ টাকা। কুরিয়ার: Steadfast Courier, কোড: SF-2026-11-25-004812।');
    expect(orderSms('shipped', 'en', store, { ...facts, cashToCollectPaisa: 0 })).toContain('Paid: nothing to pay on delivery.');
    expect(orderSms('amended', 'en', store, { ...facts, totalPaisa: 138000 })).toBe(
      'Tee Bazaar: Your order TB7K2M9QX4 was changed as you asked. New total Tk 1380. https://teebazaar.com.bd/order-tracking?orderId=TB7K2M9QX4',
    );
    expect(orderSms('amended', 'bn', store, { ...facts, totalPaisa: 138000 })).toContain('নতুন মোট ১৩৮০ টাকা।');
    for (const text of [english, bengali, orderSms('amended', 'bn', store, { ...facts, totalPaisa: 138000 })]) {
      expect(smsSize(text).segments).toBeLessThanOrEqual(2);
      expect(text.endsWith('…')).toBe(false);
    }
  });

  it('never cuts a placed order\'s tracking link: a long store name gets the shortest wording', () => {
    const long = { name: 'The Very Long Named Tee Bazaar Store of Dhaka', origin: 'https://shop.teebazaar-example-store.com.bd' };
    for (const locale of ['en', 'bn'] as const) {
      const text = orderSms('placed', locale, long, facts);
      expect(text).toContain(`${long.origin}/order-tracking?orderId=TB7K2M9QX4`);
      expect(smsSize(text).segments).toBeLessThanOrEqual(2);
    }
  });

  it('puts a phone code first, in one part, in either language', () => {
    const english = phoneCodeSms('en', store, '042917', 5);
    const bengali = phoneCodeSms('bn', store, '042917', 5);
    expect(english).toBe('042917 is your Tee Bazaar code. It expires in 5 minutes. Never share it with anyone.');
    expect(bengali.startsWith('042917 ')).toBe(true);
    expect(smsSize(english)).toMatchObject({ encoding: 'GSM-7', segments: 1 });
    expect(smsSize(bengali)).toMatchObject({ encoding: 'UCS-2', segments: 1 });
  });
});
