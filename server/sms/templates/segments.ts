import { SegmentedMessage } from 'sms-segments-calculator';

/** An SMS as the network carries it: GSM-7 (160 characters, 153 a part when split) or UCS-2 (70, 67). */
export interface SmsSize {
  encoding: 'GSM-7' | 'UCS-2';
  /** Characters as the encoding counts them (GSM-7's escaped `{}[]~^|\\€` count twice). */
  characters: number;
  segments: number;
}

/** Every SMS the store sends fits in this many parts (a longer text is cut at its optional parts first). */
export const MAX_SEGMENTS = 2;

/**
 * Characters of GSM-7's basic set that a one-byte-per-character count gets right: what the store's English
 * texts are made of. Any other text (Bengali, an escaped `{}[]~^|\\€`, an emoji) is measured by the library.
 */
const PLAIN_GSM7 = /^[A-Za-z0-9 \n.,:;!?'"()/+\-#%&*=@_<>$£¥]*$/;

export function smsSize(text: string): SmsSize {
  if (PLAIN_GSM7.test(text)) {
    // Measured without building the library's segment objects: the sizing runs for every SMS and every text variant tried.
    return { encoding: 'GSM-7', characters: text.length, segments: text.length <= 160 ? 1 : Math.ceil(text.length / 153) };
  }
  const message = new SegmentedMessage(text, 'auto');
  return {
    encoding: message.encodingName === 'GSM-7' ? 'GSM-7' : 'UCS-2',
    characters: message.numberOfCharacters,
    segments: message.segmentsCount,
  };
}

/**
 * The longest text made of `required` and as many of `optional` (in order) as fit in MAX_SEGMENTS parts; a
 * `required` text that is already too long is cut, by whole characters, with an ellipsis.
 */
export function fitSegments(required: string, optional: string[] = []): string {
  let text = required;
  for (const part of optional) {
    const longer = `${text} ${part}`;
    if (smsSize(longer).segments <= MAX_SEGMENTS) text = longer;
  }
  if (smsSize(text).segments <= MAX_SEGMENTS) return text;
  const characters = [...text];
  while (characters.length > 0 && smsSize(`${characters.join('')}…`).segments > MAX_SEGMENTS) characters.pop();
  return `${characters.join('')}…`;
}

/** The first of `variants` (longest first) that fits in MAX_SEGMENTS parts; the last one cut if none does. */
export function firstThatFits(...variants: string[]): string {
  return variants.find((variant) => smsSize(variant).segments <= MAX_SEGMENTS) ?? fitSegments(variants[variants.length - 1]);
}
