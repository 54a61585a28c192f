import { createHash } from 'node:crypto';

/**
 * One household's delivery address as a per-phone coupon limit compares it (issue 27). Shoppers write the
 * same address many ways: "House 12, Road 5, Dhanmondi, Dhaka 1205", "H-12, R-5, dhanmondi, Dhaka-1205",
 * "বাড়ি ১২, রোড ৫ …", "House No. 12, Rd# 5". The canonical form reads the address as a sequence of words and
 * numbers and keeps their order:
 *
 * - digits of any script are ASCII digits (Bengali ১২ is 12), leading zeros dropped (07 is 7);
 * - case, punctuation and spacing are ignored, and letters and digits written together are apart ("H12",
 *   "Dhaka-1205" and "dhaka1205" are `h 12`, `dhaka 1205`);
 * - common abbreviations have one spelling: H / House / Hse / Holding / বাড়ি / বাসা is a house number and,
 *   like "No." / "#" / নং, is left out (so "12, Road 5" is "House 12, Road 5"); R / Rd / Road / রোড is `road`,
 *   Sec / Sector / সেক্টর `sector`, Blk / Block / ব্লক `block`, Apt / Apartment / Flat / ফ্ল্যাট `flat`, Ln / Lane
 *   `lane`, Ave / Avenue `avenue`, St / Street `street`, Fl / Floor / তলা `floor`;
 * - postcode spellings ("Post code 1205", "Dhaka-1205", "Dhaka 1205", "GPO 1205" stays with its word) are the
 *   number itself: "post", "code", "postcode", "zip" are left out.
 *
 * It stays conservative: every number stays, in its place, so "House 12, Road 5" and "House 14, Road 5" (two
 * neighbours) are different identities, as are "House 12, Road 5" and "Road 12, House 5". A vague address
 * (fewer than four words and numbers, or no number: "Uttara, Dhaka", "Mirpur 10") has no identity: thousands of
 * customers share it.
 */

const HOUSE = 'house';
// Keys are compared after NFKC, which splits some Bengali letters (ড় is ড + ়): they are normalised alike below.
const FILLER = new Set([HOUSE, 'no', 'nos', 'number', 'num', 'post', 'code', 'postcode', 'postal', 'zip', 'নং', 'নম্বর', 'নাম্বার'].map((word) => word.normalize('NFKC')));

const SPELLINGS: Record<string, string> = {
  h: HOUSE,
  hs: HOUSE,
  hse: HOUSE,
  house: HOUSE,
  holding: HOUSE,
  hold: HOUSE,
  বাড়ি: HOUSE,
  বাড়ী: HOUSE,
  বাসা: HOUSE,
  হাউস: HOUSE,
  হাউজ: HOUSE,
  হোল্ডিং: HOUSE,
  r: 'road',
  rd: 'road',
  road: 'road',
  রোড: 'road',
  সড়ক: 'road',
  sec: 'sector',
  sect: 'sector',
  sector: 'sector',
  সেক্টর: 'sector',
  blk: 'block',
  bl: 'block',
  block: 'block',
  ব্লক: 'block',
  apt: 'flat',
  apartment: 'flat',
  flat: 'flat',
  ফ্ল্যাট: 'flat',
  ফ্লাট: 'flat',
  ln: 'lane',
  lane: 'lane',
  লেন: 'lane',
  ave: 'avenue',
  av: 'avenue',
  avenue: 'avenue',
  st: 'street',
  str: 'street',
  street: 'street',
  fl: 'floor',
  flr: 'floor',
  floor: 'floor',
  তলা: 'floor',
};
const SYNONYMS = new Map(Object.entries(SPELLINGS).map(([spelling, word]) => [spelling.normalize('NFKC'), word]));

/**
 * A decimal digit of any script as its value: Unicode lays each script's digits out as a run of ten from its
 * zero, so the value is the digit's distance from the start of its run, modulo ten.
 */
function digitValue(char: string): string {
  let code = char.codePointAt(0)!;
  let distance = 0;
  while (/\p{Nd}/u.test(String.fromCodePoint(code - 1))) {
    code -= 1;
    distance += 1;
  }
  return String(distance % 10);
}

/** ASCII digits for the digits of every script (Bengali, Devanagari, Arabic-Indic, full-width …). */
export function asciiDigitsOfAnyScript(text: string): string {
  return text.replace(/\p{Nd}/gu, (digit) => (/[0-9]/.test(digit) ? digit : digitValue(digit)));
}

/** The address's words and numbers in canonical spelling, in order (see the module comment). */
export function addressWords(address: string): string[] {
  const text = asciiDigitsOfAnyScript(address.normalize('NFKC').toLowerCase());
  // Letters (with their combining marks: Bengali vowel signs, hasanta, nukta) or digits; anything else separates.
  const parts = text.match(/[\p{L}\p{M}]+|\d+/gu) ?? [];
  const words: string[] = [];
  for (const part of parts) {
    if (/^\d+$/.test(part)) {
      words.push(part.replace(/^0+(?=\d)/, ''));
      continue;
    }
    const word = SYNONYMS.get(part) ?? part;
    if (!FILLER.has(word)) words.push(word);
  }
  return words;
}

/** The canonical form when the address names one household, else undefined (too vague to tell people apart). */
export function canonicalAddress(address: string | null | undefined): string | undefined {
  if (typeof address !== 'string' || !address.trim()) return undefined;
  const words = addressWords(address);
  if (words.length < 4 || !words.some((word) => /^\d+$/.test(word))) return undefined;
  return words.join(' ');
}

/**
 * The address identity a coupon use records (`placeKey`): a hash of the canonical address, so the coupon's
 * stream holds no address. An erased address (`[erased]`) or a vague one has none.
 */
export function placeKeyOf(address: string | null | undefined): string | undefined {
  const canonical = canonicalAddress(address);
  return canonical ? createHash('sha256').update(`place:${canonical}`).digest('hex').slice(0, 32) : undefined;
}
