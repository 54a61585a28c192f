import type { ApiRoute, RouteExample, RouteSamples } from '../../server/observability/openapi/api-route';
import { routeKey } from '../../server/observability/openapi/api-route';
import type { RouteCatalogue } from '../../server/observability/openapi/route-catalogue';
import { fillPath, type RawRequest } from './security-kit';
import { seededRandom as random } from '../support/seeded-random';

/**
 * What the route fuzzer sends (test/security/fuzz-routes.security-spec.ts), worked out from the route
 * catalogue alone: per route one valid request (the catalogue's example, filled from a seeded store) and then
 * hundreds of broken ones. Pure, so test/architecture/route-catalogue.spec.ts can show that a route added to
 * the catalogue is fuzzed without anything else written for it.
 *
 * `npm test` sends a deterministic sample (`sampleMutations`): every route's valid request and requests
 * without a token, and of each kind of mutation the route has (path, query, body field, header, whole body,
 * size) at least one, choosing the values so that across the routes every value of every kind is sent.
 * `npm run test:fuzz` (part of `npm run test:load`) sends all of them.
 */

/** Whose bearer token goes with a route's requests, so the guard passes and validation is reached. */
export type Role = 'admin' | 'care' | 'customer' | 'sessionEnding';

export interface FuzzCase {
  /** `METHOD pattern` as the router names it. */
  key: string;
  role?: Role;
  /**
   * Requests in flight at once: 8; 2 where each hashes a password (scrypt fills the thread pool, and a
   * request queued behind others waits past any timeout on a loaded machine); 1 where an answer may hand back
   * the only token that still works (a password change ends the old one).
   */
  concurrency: number;
  /** A new valid request each call (fresh e-mails and phones, so per-account limits do not mask validation). */
  example: () => RouteExample;
}

/** The token a route's requests carry: the role its guard lets through. */
export function roleOf(route: ApiRoute): Role | undefined {
  switch (route.access) {
    case 'customer':
      return route.endsSession ? 'sessionEnding' : 'customer';
    case 'optional-customer':
      return 'customer';
    case 'care':
    case 'admin':
      return route.access;
    default:
      return undefined;
  }
}

/** A catalogued route's case, its example filled from `samples`. */
export function caseOf(route: ApiRoute, samples: RouteSamples): FuzzCase {
  const concurrency = route.endsSession ? 1 : route.passwordHash ? 2 : 8;
  return { key: routeKey(route), role: roleOf(route), concurrency, example: () => route.example?.(samples) ?? {} };
}

/** One case per catalogued route, in the catalogue's order. */
export function catalogueCases(catalogue: RouteCatalogue, samples: RouteSamples): FuzzCase[] {
  return catalogue.routes.map((route) => caseOf(route, samples));
}

// ---------------------------------------------------------------------------------------------------------
// What a hostile or careless client sends.

const DEPTH = 10_000;
const DEEP_ARRAY = `${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}`;
const DEEP_OBJECT = `${'{"a":'.repeat(DEPTH)}1${'}'.repeat(DEPTH)}`;
/** Stand-ins replaced by the raw deep JSON after serialising (building 10,000 levels as objects is pointless). */
const DEEP_MARKERS: Record<string, string> = { '"\u0001deep-array\u0001"': DEEP_ARRAY, '"\u0001deep-object\u0001"': DEEP_OBJECT };

export const SQL_OR = "' OR 1=1--";
export const SQL_DROP = "'; DROP TABLE events;--";

/** Values put in place of each body field, one at a time. */
const BODY_VALUES: Array<[string, unknown]> = [
  ['a number', 12345],
  ['a negative number', -1],
  ['zero', 0],
  ['a fraction', 1.5],
  ['a huge number', 1e308],
  ['a number as long text', '9'.repeat(40)],
  ['text', 'abc'],
  ['empty text', ''],
  ['blanks', '   '],
  ['true', true],
  ['false', false],
  ['null', null],
  ['an empty array', []],
  ['an array', ['a', 1, null]],
  ['an empty object', {}],
  ['an object', { a: 1, b: 'x' }],
  ['100k characters', 'x'.repeat(100_000)],
  ['emoji', '😀👕🔥'],
  ['right-to-left text', '\u202Eevil\u202C مرحبا بالعالم'],
  ['Bengali', 'বাংলাদেশ, ঢাকা ১২০৫'],
  ['NUL', 'a\u0000b'],
  ['a lone high surrogate', 'a\ud800b'],
  ['a lone low surrogate', '\udfff'],
  ['control characters', '\u0001\u0007\u001b[31m'],
  ['SQL or-true', SQL_OR],
  ['SQL drop table', SQL_DROP],
  ['a script tag', '<script>alert(1)</script>'],
  ['an HTML attribute break', '"><img src=x onerror=alert(1)>'],
  ['a path', '../../../etc/passwd'],
  ['a format string', '%s%n%x%d'],
  ['__proto__ as text', '__proto__'],
  ['a __proto__ object', JSON.parse('{"__proto__":{"polluted":"yes","role":"admin"}}')],
  ['a constructor object', { constructor: { prototype: { polluted: 'yes' } } }],
  ['a 10,000 deep array', '\u0001deep-array\u0001'],
  ['a 10,000 deep object', '\u0001deep-object\u0001'],
];

const enc = encodeURIComponent;

/** Query-string values, already in URL form. */
const QUERY_VALUES: Array<[string, string]> = [
  ['empty', ''],
  ['text', 'abc'],
  ['a negative number', '-1'],
  ['zero', '0'],
  ['a fraction', '1.5'],
  ['an exponent', '1e9'],
  ['a huge number', '9'.repeat(40)],
  ['8,000 characters', 'a'.repeat(8_000)],
  ['emoji', enc('😀👕')],
  ['right-to-left text', enc('\u202Eabc مرحبا')],
  ['Bengali', enc('বাংলাদেশ')],
  ['NUL', '%00'],
  ['NUL inside', 'a%00b'],
  ['invalid UTF-8 (a lone surrogate)', '%ED%A0%80'],
  ['a cut escape', '%E0%A4%A'],
  ['a bad escape', '%ZZ'],
  ['SQL or-true', enc(SQL_OR)],
  ['SQL drop table', enc(SQL_DROP)],
  ['a script tag', enc('<script>alert(1)</script>')],
  ['a path', '..%2F..%2Fetc%2Fpasswd'],
  ['true', 'true'],
  ['null', 'null'],
  ['__proto__', '__proto__'],
];

/** Path-parameter values, already in URL form (`../` sent raw: node:http does not normalise it). */
const PATH_VALUES: Array<[string, string]> = [
  ['..', '..'],
  ['../ traversal', '../../../etc/passwd'],
  ['encoded traversal', '..%2F..%2F..%2Fetc%2Fpasswd'],
  ['double-encoded traversal', '%252e%252e%252fetc'],
  ['%00', '%00'],
  ['a NUL before an extension', '1%00.png'],
  ['5,000 characters', 'A'.repeat(5_000)],
  ['non-numeric', 'abc'],
  ['a negative number', '-1'],
  ['zero', '0'],
  ['a fraction', '1.5'],
  ['a huge number', '9'.repeat(40)],
  ['emoji', enc('😀')],
  ['Bengali', enc('বাংলা')],
  ['right-to-left text', enc('\u202Eabc')],
  ['invalid UTF-8 (a lone surrogate)', '%ED%A0%80'],
  ['a cut escape', '%E0%A4%A'],
  ['a bad escape', '%ZZ'],
  ['SQL or-true', enc(SQL_OR)],
  ['SQL drop table', enc(SQL_DROP)],
  ['a script tag', enc('<script>')],
  ['a space', '%20'],
  ['__proto__', '__proto__'],
  ['constructor', 'constructor'],
];


/** The kinds of mutation, for the sample: each route gets every kind it has. */
export type MutationKind = 'valid' | 'token' | 'path' | 'query' | 'query-keys' | 'body' | 'header' | 'whole-body' | 'size';

export interface Mutation {
  label: string;
  kind: MutationKind;
  /** Which value or change of its kind (`a script tag`, `missing`); what the sample spreads across routes. */
  variant: string;
  /** The parameter, field or header it is applied to; one per variant in the sample. */
  target: string;
  request: RawRequest;
  /** Besides the general checks. */
  expectStatus?: number;
  /** Send without the example's token. */
  anonymous?: boolean;
}

/** Serialises a body, putting the raw deep JSON where a marker stands. */
function serialise(body: unknown): string {
  let text = JSON.stringify(body);
  for (const [marker, raw] of Object.entries(DEEP_MARKERS)) text = text.split(marker).join(raw);
  return text;
}

/** The paths of the fields of a body, nested objects and the first element of arrays of objects included. */
function fieldPaths(value: unknown, prefix: Array<string | number> = []): Array<Array<string | number>> {
  if (typeof value !== 'object' || value === null) return [];
  const paths: Array<Array<string | number>> = [];
  if (Array.isArray(value)) {
    if (value.length > 0 && typeof value[0] === 'object' && value[0] !== null) paths.push(...fieldPaths(value[0], [...prefix, 0]));
    return paths;
  }
  for (const [key, child] of Object.entries(value)) {
    paths.push([...prefix, key]);
    paths.push(...fieldPaths(child, [...prefix, key]));
  }
  return paths;
}

function withField(body: unknown, path: Array<string | number>, value: unknown, remove = false): unknown {
  const copy = structuredClone(body) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = path[path.length - 1];
  if (remove) delete node[last];
  else node[last] = value;
  return copy;
}

const queryString = (query: Record<string, string>) =>
  Object.entries(query)
    .map(([key, value]) => `${key}=${value}`)
    .join('&');

function encodeQuery(query: Record<string, string> = {}): Record<string, string> {
  return Object.fromEntries(Object.entries(query).map(([key, value]) => [key, enc(value)]));
}

/** Every request the fuzzer makes of one route: the valid one first, then the broken ones. */
export function mutationsOf(fuzzCase: Pick<FuzzCase, 'key' | 'role' | 'example'>): Mutation[] {
  const [method, pattern] = fuzzCase.key.split(' ');
  const first = fuzzCase.example();
  const params = Object.fromEntries(Object.entries(first.params ?? {}).map(([key, value]) => [key, pattern.includes(`{*${key}}`) ? value : enc(value)]));
  const query = encodeQuery(first.query);
  const url = (p: Record<string, string>, q: Record<string, string> | string) => {
    const search = typeof q === 'string' ? q : queryString(q);
    return `${fillPath(pattern, p)}${search ? `?${search}` : ''}`;
  };
  // Body and headers are new for every request (fresh e-mails, phones, idempotency keys); path and query stay.
  const fresh = () => fuzzCase.example();
  const send = (label: string, kind: MutationKind, variant: string, target: string, request: Partial<RawRequest>, extra: Partial<Mutation> = {}): Mutation => {
    const example = fresh();
    return {
      label,
      kind,
      variant,
      target,
      request: {
        method,
        path: url(params, query),
        body: example.body === undefined ? undefined : serialise(example.body),
        ...request,
        headers: { ...example.headers, ...request.headers },
      },
      ...extra,
    };
  };
  const mutations: Mutation[] = [send('the valid example', 'valid', 'valid', '', {})];
  if (fuzzCase.role) {
    mutations.push(send('the valid example without a token', 'token', 'no token', '', {}, { anonymous: true }));
    mutations.push(send('every field wrong, without a token', 'token', 'no token, wrong fields', '', { body: serialise({ x: null }) }, { anonymous: true }));
  }

  // Path parameters.
  for (const name of Object.keys(params)) {
    for (const [label, value] of PATH_VALUES) mutations.push(send(`path ${name} = ${label}`, 'path', label, name, { path: url({ ...params, [name]: value }, query) }));
  }

  // Query parameters: each one wrong, missing, repeated, bracketed; unknown ones added.
  for (const name of Object.keys(query)) {
    for (const [label, value] of QUERY_VALUES) mutations.push(send(`query ${name} = ${label}`, 'query', label, name, { path: url(params, { ...query, [name]: value }) }));
    const { [name]: _dropped, ...without } = query;
    mutations.push(send(`query ${name} missing`, 'query', 'missing', name, { path: url(params, without) }));
    mutations.push(send(`query ${name} repeated`, 'query', 'repeated', name, { path: url(params, `${queryString(query)}&${name}=${query[name]}`) }));
    mutations.push(send(`query ${name}[]`, 'query', 'name[]', name, { path: url(params, `${queryString(without)}&${name}[]=${query[name]}`) }));
    mutations.push(send(`query ${name}[key]`, 'query', 'name[key]', name, { path: url(params, `${queryString(without)}&${name}[a]=${query[name]}`) }));
  }
  mutations.push(send('unknown and pollution query keys', 'query-keys', 'unknown and pollution keys', '', { path: url(params, `${queryString(query)}&__proto__[polluted]=yes&constructor[prototype][polluted]=yes&zzz=1`) }));

  // Body fields: each one wrong or missing.
  const sample = first.body;
  if (sample !== undefined) {
    for (const path of fieldPaths(sample)) {
      const label = path.join('.');
      for (const [what, value] of BODY_VALUES) mutations.push(send(`body ${label} = ${what}`, 'body', what, label, { body: serialise(withField(fresh().body, path, value)) }));
      mutations.push(send(`body ${label} missing`, 'body', 'missing', label, { body: serialise(withField(fresh().body, path, undefined, true)) }));
    }
  }

  // Headers the server reads: request and correlation ids, the idempotency key, the client address.
  for (const [name, value] of [
    ['x-request-id', '<script>alert(1)</script>'],
    ['x-correlation-id', 'c'.repeat(5_000)],
    ['idempotency-key', '../../etc/passwd'],
    ['idempotency-key', 'k'.repeat(500)],
    ['x-forwarded-for', 'not-an-ip, 999.1.1.1'],
    ['x-forwarded-for', `${'1.1.1.1, '.repeat(500)}1.1.1.1`],
    ['accept', 'application/xml'],
  ]) {
    const label = `header ${name} = ${value.slice(0, 20)}${value.length > 20 ? '…' : ''}`;
    mutations.push(send(label, 'header', label, name, { headers: { [name]: value } }));
  }

  // Whole bodies: sent to every POST, and the size limit to every route.
  if (method === 'POST') {
    const valid = serialise(sample ?? {});
    const rest = valid === '{}' ? '' : `,${valid.slice(1, -1)}`;
    const whole = (label: string, request: Partial<RawRequest>, extra: Partial<Mutation> = {}) => send(label, 'whole-body', label, '', request, extra);
    mutations.push(
      whole('no body', { body: undefined }),
      whole('an empty JSON body', { body: '' }),
      whole('JSON null', { body: 'null' }),
      whole('a JSON array', { body: '[]' }),
      whole('a JSON string', { body: '"text"' }),
      whole('a JSON number', { body: '1' }),
      whole('malformed JSON', { body: '{"name": "x",' }, { expectStatus: 400 }),
      whole('a 10,000 deep array as body', { body: DEEP_ARRAY }),
      whole('a 10,000 deep object as body', { body: DEEP_OBJECT }),
      whole('prototype pollution keys', { body: `{"__proto__":{"polluted":"yes","role":"admin"},"constructor":{"prototype":{"polluted":"yes"}}${rest}}` }),
      whole('extra fields', { body: serialise({ ...(sample as object), role: 'admin', isAdmin: true, user_id: 'someone', userId: 'someone', price: 0, total: 0 }) }),
      whole('valid JSON as text/plain', { headers: { 'content-type': 'text/plain' }, body: valid }),
      whole('an unsupported charset', { headers: { 'content-type': 'application/json; charset=utf-16' }, body: valid }),
      whole('a gzip header on plain bytes', { headers: { 'content-encoding': 'gzip' }, body: valid }),
      whole('a form body', { headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'name=x&__proto__[polluted]=yes&a=%00' }),
      whole('a multipart body with a file', {
        headers: { 'content-type': 'multipart/form-data; boundary=XyZ' },
        body: '--XyZ\r\nContent-Disposition: form-data; name="name"\r\n\r\nx\r\n--XyZ\r\nContent-Disposition: form-data; name="file"; filename="../../x.sh"\r\nContent-Type: text/plain\r\n\r\nhello\r\n--XyZ--\r\n',
      }),
      whole('a multipart body over 100 kb', {
        headers: { 'content-type': 'multipart/form-data; boundary=XyZ' },
        body: `--XyZ\r\nContent-Disposition: form-data; name="name"\r\n\r\n${'x'.repeat(150_000)}\r\n--XyZ--\r\n`,
      }),
      whole('a broken multipart body', { headers: { 'content-type': 'multipart/form-data; boundary=XyZ' }, body: '--XyZ\r\nContent-Disposition: form-data; name="na' }),
    );
  }
  mutations.push(send('a body over 100 kb', 'size', 'a body over 100 kb', '', { body: JSON.stringify({ filler: 'x'.repeat(110_000) }) }, { expectStatus: 413 }));
  return mutations;
}

// ---------------------------------------------------------------------------------------------------------
// The sample `npm test` sends.

/** One value in this many of each kind goes to a route; each route gets a different share of them. */
export const SAMPLE_STRIDE = 12;

/** The seed `npm test` samples with: fixed, so every run sends the same requests (FUZZ_SEED picks another). */
export const DEFAULT_FUZZ_SEED = 20_261_127;


function hash(text: string): number {
  let value = 2_166_136_261;
  for (const char of text) value = Math.imul(value ^ char.charCodeAt(0), 16_777_619);
  return value >>> 0;
}

/**
 * The sample of every route's mutations, in the routes' order. Each route keeps its valid request, its
 * requests without a token, and of every kind of mutation it has, the values whose index falls on its turn
 * (one in SAMPLE_STRIDE, at least one), each on one of its parameters, fields or headers chosen by the seed.
 * The k-th route with a kind takes turn k (plus the seed's offset), so every SAMPLE_STRIDE routes with a kind
 * between them send every value of that kind.
 */
export function sampleMutations(routes: Array<{ key: string; mutations: Mutation[] }>, seed: number = DEFAULT_FUZZ_SEED): Map<string, Mutation[]> {
  const turns = new Map<MutationKind, number>();
  const offset = seed % SAMPLE_STRIDE;
  const sample = new Map<string, Mutation[]>();
  for (const { key, mutations } of routes) {
    const pick = random(seed ^ hash(key));
    const kept: Mutation[] = [];
    const kinds = [...new Set(mutations.map((mutation) => mutation.kind))];
    for (const kind of kinds) {
      const ofKind = mutations.filter((mutation) => mutation.kind === kind);
      if (kind === 'valid' || kind === 'token') {
        kept.push(...ofKind);
        continue;
      }
      const turn = turns.get(kind) ?? 0;
      turns.set(kind, turn + 1);
      const variants = [...new Set(ofKind.map((mutation) => mutation.variant))];
      let chosen = variants.filter((_, index) => (index + turn + offset) % SAMPLE_STRIDE === 0);
      if (chosen.length === 0) chosen = [variants[(turn + offset) % variants.length]];
      for (const variant of chosen) {
        const targets = ofKind.filter((mutation) => mutation.variant === variant);
        kept.push(targets[Math.floor(pick() * targets.length)]);
      }
    }
    // In the order the full run sends them.
    sample.set(key, mutations.filter((mutation) => kept.includes(mutation)));
  }
  return sample;
}
