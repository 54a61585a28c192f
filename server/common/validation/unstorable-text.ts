/**
 * Text PostgreSQL refuses to store: NUL (in `text` and in `jsonb`) and UTF-16 surrogates without their pair
 * (JSON.stringify writes them as `\ud800` escapes, which `jsonb` rejects). Either one in an event's data or a
 * row made the whole statement fail, and the request, or in a checkout batch every order in it, ended as a
 * 500. Refused at the edge instead, as a 422 naming the field.
 */
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
  // Each node links to its parent; a path is spelled out only for a finding. (Copying the path at every
  // level made a 50,000-deep body — 100 kB, under the body limit — take half a minute: quadratic.)
  const pending: PathNode[] = [{ value: input, key: null, parent: null }];
  while (pending.length > 0 && found.length < limit) {
    const node = pending.pop()!;
    const { value } = node;
    if (typeof value === 'string') {
      if (isUnstorableText(value)) found.push(spell(node));
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, child] of Object.entries(value)) {
        if (isUnstorableText(key)) found.push(spell({ value: child, key: toStorableText(key), parent: node }));
        else pending.push({ value: child, key, parent: node });
      }
    }
  }
  return found;
}

interface PathNode {
  value: unknown;
  key: string | null;
  parent: PathNode | null;
}

function spell(node: PathNode): string {
  const keys: string[] = [];
  for (let at: PathNode | null = node; at && at.key !== null; at = at.parent) keys.push(at.key);
  return keys.length > 0 ? keys.reverse().join('.') : 'body';
}
