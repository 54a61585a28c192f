/**
 * Text PostgreSQL refuses to store: NUL (in `text` and in `jsonb`) and UTF-16 surrogates without their pair
 * (JSON.stringify writes them as `\ud800` escapes, which `jsonb` rejects). Either one in an event's data or a
 * row made the whole statement fail, and the request, or in a checkout batch every order in it, ended as a
 * 500. Refused at the edge instead, as a 422 naming the field.
 */
export const UNSTORABLE_TEXT_MESSAGE = 'This field contains characters that are not allowed (such as NUL or broken Unicode).';

// Without the `u` flag a regex sees UTF-16 code units, so it can find the halves of a pair that are alone.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const UNSTORABLE = new RegExp(`\\u0000|${LONE_SURROGATE.source}`, 'g');

export function isUnstorableText(value: string): boolean {
  return value.includes('\u0000') || LONE_SURROGATE.test(value);
}

/** The text with every NUL and lone surrogate replaced by U+FFFD, for values that must be kept, not refused. */
export function toStorableText(value: string): string {
  return value.replace(UNSTORABLE, '\ufffd');
}

/**
 * Paths (`data.name`, `cart.0.size`; `body` for the input itself) of the strings, object keys included, that
 * PostgreSQL could not store. Walks iteratively, so a 10,000-deep body cannot overflow the stack; stops
 * after `limit` findings.
 */
export function unstorableTextPaths(input: unknown, limit = 10): string[] {
  const found: string[] = [];
  const pending: Array<{ value: unknown; path: string[] }> = [{ value: input, path: [] }];
  while (pending.length > 0 && found.length < limit) {
    const { value, path } = pending.pop()!;
    if (typeof value === 'string') {
      if (isUnstorableText(value)) found.push(path.length > 0 ? path.join('.') : 'body');
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, child] of Object.entries(value)) {
        if (isUnstorableText(key)) found.push([...path, toStorableText(key)].join('.'));
        else pending.push({ value: child, path: [...path, key] });
      }
    }
  }
  return found;
}
