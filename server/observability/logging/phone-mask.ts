import { asciiDigits } from '../../../contracts/phone';

/**
 * Phone numbers out of log lines, however they are spelt (issue 27). Shoppers and staff write a number as
 * contracts/phone.ts reads it: `01712345678`, `017-1234-5678`, `0171 234 5678`, `+880 1712-345678`, in Bengali
 * digits (`০১৭১২৩৪৫৬৭৮`), and in a URL percent-encoded (`%E0%A7%A6…`, `%2B880%201712…`, `+` for a space in a
 * query). Masking only runs of six ASCII digits missed all of those but the first. This reads a line as a
 * sequence of digits in any of those spellings, with up to three separators between two of them, and masks
 * every Bangladeshi mobile number in it: `01[3-9]` and eight more digits (so also the `01…` inside
 * `8801…`, together with its `88`), or ten digits `1[3-9]…` standing alone (the number without its 0).
 */

/** One digit: ASCII, Bengali, a Bengali digit percent-encoded in UTF-8, or JSON-escaped. */
const DIGIT = String.raw`(?:[0-9\u09E6-\u09EF]|%E0%A7%A[6-9A-F]|\\u09E[6-9A-F])`;
/** What may stand between two digits of a number: what normalizePhone ignores, and its URL spellings. */
const SEPARATOR = String.raw`(?:[ \t.()[\]+-]|%20|%2B|%28|%29|%2D|%2E)`;
const DIGIT_RUN = new RegExp(`${DIGIT}(?:${SEPARATOR}{0,3}${DIGIT}){9,}`, 'gi');
/** A run read token by token, so that the digits of a percent-escape (`%20`) are not read as the number's. */
const TOKEN = new RegExp(`(${DIGIT})|${SEPARATOR}`, 'giy');

export const PHONE_MASK = '[phone]';

/** The digit a token of DIGIT stands for. */
function digitOf(token: string): string {
  if (token.length === 1) return asciiDigits(token);
  if (token.startsWith('%')) return String(parseInt(token.slice(-2), 16) - 0xa6);
  return String(parseInt(token.slice(-1), 16) - 6);
}

/** The [start, end) spans of `run` (one DIGIT_RUN match) that spell a mobile number. */
function phoneSpans(run: string): Array<[number, number]> {
  const digits: Array<{ digit: string; start: number; end: number }> = [];
  TOKEN.lastIndex = 0;
  for (let match = TOKEN.exec(run); match; match = TOKEN.exec(run)) {
    if (match[1]) digits.push({ digit: digitOf(match[1]), start: match.index, end: TOKEN.lastIndex });
  }
  const text = digits.map((entry) => entry.digit).join('');
  const spans: Array<[number, number]> = [];
  if (/^1[3-9]\d{8}$/.test(text)) return [[0, run.length]];
  for (let i = 0; i + 11 <= text.length; ) {
    if (/^01[3-9]\d{8}/.test(text.slice(i, i + 11))) {
      const from = i >= 2 && text.slice(i - 2, i) === '88' ? i - 2 : i;
      spans.push([digits[from]!.start, digits[i + 10]!.end]);
      i += 11;
    } else {
      i += 1;
    }
  }
  return spans;
}

/**
 * Identifiers a line carries that are not numbers, left as they are: UUIDs (request, correlation, event and
 * user ids: their digit groups joined by dashes would read as a number about once in 300) and hex strings of
 * 16 characters or more with a letter in them (hashes).
 */
const IDENTIFIER = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|(?<![0-9a-z])(?=[0-9a-f]*[a-f])[0-9a-f]{16,}(?![0-9a-z])/gi;

/** `text` with every mobile number in it, in any spelling, replaced by `[phone]`. */
export function maskPhoneNumbers(text: string): string {
  let masked = '';
  let at = 0;
  for (const identifier of text.matchAll(IDENTIFIER)) {
    masked += maskIn(text.slice(at, identifier.index)) + identifier[0];
    at = identifier.index + identifier[0].length;
  }
  return at === 0 ? maskIn(text) : masked + maskIn(text.slice(at));
}

function maskIn(text: string): string {
  return text.replace(DIGIT_RUN, (run) => {
    const spans = phoneSpans(run);
    if (spans.length === 0) return run;
    let masked = '';
    let at = 0;
    for (const [start, end] of spans) {
      masked += run.slice(at, start) + PHONE_MASK;
      at = end;
    }
    return masked + run.slice(at);
  });
}
