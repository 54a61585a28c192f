import { addressWords, asciiDigitsOfAnyScript, canonicalAddress, placeKeyOf } from './address-identity';

describe('address identity of a coupon use (issue 27)', () => {
  const home = 'House 12, Road 5, Dhanmondi, Dhaka 1205';

  it.each([
    'H-12, R-5, Dhanmondi, Dhaka-1205',
    'h12 r5 DHANMONDI dhaka1205',
    'বাড়ি ১২, রোড ৫, Dhanmondi, Dhaka ১২০৫',
    'House No. 12, Rd# 5, Dhanmondi, Dhaka - 1205',
    '12, Road 05, Dhanmondi, Dhaka, Post code: 1205',
    'HOUSE 12 ROAD 5 DHANMONDI DHAKA 1205.',
    'House #12, Road No 5, Dhanmondi; Dhaka-1205',
  ])('reads %p as the same household as "House 12, Road 5, Dhanmondi, Dhaka 1205"', (written) => {
    expect(canonicalAddress(written)).toBe('12 road 5 dhanmondi dhaka 1205');
    expect(placeKeyOf(written)).toBe(placeKeyOf(home));
  });

  it.each([
    'House 14, Road 5, Dhanmondi, Dhaka 1205',
    'House 12, Road 6, Dhanmondi, Dhaka 1205',
    'Road 12, House 5, Dhanmondi, Dhaka 1205',
    'House 12/A, Road 5, Dhanmondi, Dhaka 1205',
    'House 12, Road 5, Dhanmondi, Dhaka 1209',
    'House 12, Road 5, Gulshan, Dhaka 1205',
  ])('keeps a neighbour apart: %p is not the same household', (written) => {
    expect(placeKeyOf(written)).toBeDefined();
    expect(placeKeyOf(written)).not.toBe(placeKeyOf(home));
  });

  it('spells sectors, blocks, flats and floors one way', () => {
    expect(canonicalAddress('Sec-7, Blk C, Apt 3B, 2nd Fl, Uttara')).toBe(canonicalAddress('Sector 07, Block C, Flat 3/B, 2nd floor, Uttara'));
    expect(addressWords('Sec-7, Blk C, Apt 3B')).toEqual(['sector', '7', 'block', 'c', 'flat', '3', 'b']);
  });

  it('reads digits of any script', () => {
    expect(asciiDigitsOfAnyScript('১২০৫ १२०५ ١٢٠٥ 1205')).toBe('1205 1205 1205 1205');
  });

  it('gives no identity to a vague address, an erased one or none', () => {
    for (const vague of ['Uttara, Dhaka', 'Mirpur 10', 'House 3, Mirpur', '[erased]', '', undefined, null]) expect(placeKeyOf(vague)).toBeUndefined();
  });
});
