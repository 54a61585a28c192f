import { randomUUID } from 'node:crypto';
import { maskPhoneNumbers } from './phone-mask';

describe('maskPhoneNumbers', () => {
  it.each([
    ['01712345678', '[phone]'],
    ['017-1234-5678', '[phone]'],
    ['0171-234-5678', '[phone]'],
    ['0171 234 5678', '[phone]'],
    ['0171.234.5678', '[phone]'],
    ['(0171) 234-5678', '([phone]'],
    ['+880 1712-345678', '+[phone]'],
    ['+8801712345678', '+[phone]'],
    ['00880 1712 345678', '00[phone]'],
    ['1712345678', '[phone]'],
    ['০১৭১২৩৪৫৬৭৮', '[phone]'],
    ['+৮৮০ ১৭১২-৩৪৫৬৭৮', '+[phone]'],
    ['%E0%A7%A6%E0%A7%A7%E0%A7%AD%E0%A7%A7%E0%A7%A8%E0%A7%A9%E0%A7%AA%E0%A7%AB%E0%A7%AC%E0%A7%AD%E0%A7%AE', '[phone]'],
    ['%2B880%201712-345678', '%2B[phone]'],
    ['0171+234+5678', '[phone]'],
    ['\\u09e6\\u09e7\\u09ed\\u09e7\\u09e8\\u09e9\\u09ea\\u09eb\\u09ec\\u09ed\\u09ee', '[phone]'],
  ])('masks %s', (spelt, masked) => {
    expect(maskPhoneNumbers(`/verify/K7M2P9QX/${spelt}?x=1`)).toBe(`/verify/K7M2P9QX/${masked}?x=1`);
  });

  it('masks every number of a line, glued to words or beside other digits', () => {
    expect(maskPhoneNumbers('tel:01712345678,01812345678; order 12 01912345678 done')).toBe('tel:[phone],[phone]; order 12 [phone] done');
  });

  it('leaves UUIDs and hashes whole, even where their digits would spell a number, and masks a number beside them', () => {
    for (const id of ['12345678-0171-4234-8567-89abcdef0123', '0c4e1b2a-9d3f-4a1e-8017-123456789012', 'deadbeef01712345678cafe0']) {
      expect(maskPhoneNumbers(`"reqId":"${id}"`)).toBe(`"reqId":"${id}"`);
    }
    expect(maskPhoneNumbers('12345678-0171-4234-8567-89abcdef0123 called 017-1234-5678')).toBe('12345678-0171-4234-8567-89abcdef0123 called [phone]');
    let changed = 0;
    for (let i = 0; i < 20_000; i += 1) {
      const id = randomUUID();
      if (maskPhoneNumbers(id) !== id) changed += 1;
    }
    expect(changed).toBe(0);
  });

  it('leaves what is not a mobile number: times, dates, amounts, ids, short runs', () => {
    for (const text of [
      '"time":"2026-11-27T19:01:00.000Z"',
      'GET /api/admin/orders 200 12 ms',
      '2026-11-22 10:00',
      'total 1,234,567.50',
      '"reqId":"3b1f0e2c-9d4a-4c1e-8f7a-2b6d5e4c3a10"',
      '01212345678 is no mobile number',
      'position 123456789',
    ]) {
      expect(maskPhoneNumbers(text)).toBe(text);
    }
  });
});
