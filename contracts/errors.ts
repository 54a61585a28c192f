import type { ERROR_MESSAGES } from './error-messages';

/**
 * The error answer of every API call (issue 18): the English `message` (and `errors` per field) the
 * specification fixes, and beside them stable codes a client shows in the shopper's language — `code` for the
 * answer, `fields` with one code per message of `errors`, and `params` for the values the answer's message
 * names. Codes never change meaning once published; new ones may be added, so a client must expect a code it
 * does not know (and show `message` then).
 */
export interface ApiErrorBody {
  success: false;
  message: string;
  code: string;
  params?: Record<string, ErrorParamValue>;
  errors?: Record<string, string[]>;
  fields?: Record<string, string[]>;
}

/**
 * Every code the server answers with. Each one has its English message in `error-messages.ts` and its Bengali
 * one in `error-messages.bn.ts` (typed `Record<ErrorCode, string>`, so a code without it fails `tsc`). An
 * error names its code where it is thrown; the message is looked up from the code, never the other way round.
 */
export type ErrorCode = keyof typeof ERROR_MESSAGES;

export type ErrorParamValue = string | number;

/**
 * The `{name}` placeholders of a message template, as a union of names. `{name|one|other}` is the word for
 * one or for any other count of `name` ("1 order", "3 orders"): it names `name`, not a value of its own.
 */
export type PlaceholdersOf<S extends string> = S extends `${string}{${infer Name}}${infer Rest}` ? BaseName<Name> | PlaceholdersOf<Rest> : never;
type BaseName<Name extends string> = Name extends `${infer Base}|${string}` ? Base : Name;

/** The values a code's English message names, each required. */
export type ErrorParams<C extends ErrorCode> = { readonly [Name in PlaceholdersOf<(typeof ERROR_MESSAGES)[C]>]: ErrorParamValue };

/**
 * What follows a code where it is thrown: nothing when its message names no value, else those values.
 * `fail('coupon-expired')` and `fail('out-of-stock-left', { product, size, available })` type-check; a
 * missing or misspelt value does not.
 */
export type ParamsArg<C extends ErrorCode> = [C] extends [never]
  ? []
  : C extends ErrorCode
    ? [PlaceholdersOf<(typeof ERROR_MESSAGES)[C]>] extends [never]
      ? []
      : [params: ErrorParams<C>]
    : never;

/** A code whose message names no value: it is thrown with nothing after it. */
export type PlainErrorCode = { [C in ErrorCode]: [PlaceholdersOf<(typeof ERROR_MESSAGES)[C]>] extends [never] ? C : never }[ErrorCode];

/** The code of an answer whose error is not ours (a framework's 404, body-parser's 413): one per HTTP status. */
export const DEFAULT_ERROR_CODES = {
  400: 'bad-request',
  401: 'login-required',
  403: 'forbidden',
  404: 'not-found',
  405: 'method-not-allowed',
  408: 'request-timeout',
  409: 'conflict',
  413: 'too-large',
  415: 'unsupported-type',
  422: 'invalid',
  429: 'too-many-requests',
  500: 'server-error',
  503: 'unavailable',
} as const satisfies Record<number, ErrorCode>;

const PLACEHOLDER = /\{(\w+)(?:\|([^|}]*)\|([^|}]*))?\}/g;

/**
 * `{name}` in `template` replaced by its value, `{name|one|other}` by `one` when the value is 1 and `other`
 * otherwise; left as it is when there is no value.
 */
export function fillPlaceholders(
  template: string,
  params: Readonly<Record<string, ErrorParamValue>> | undefined,
  format: (value: ErrorParamValue) => string = String,
): string {
  if (!params) return template;
  return template.replace(PLACEHOLDER, (whole, name: string, one: string | undefined, other: string | undefined) => {
    const value = params[name];
    if (value === undefined) return whole;
    if (one !== undefined) return Number(value) === 1 ? one : (other ?? '');
    return format(value);
  });
}

/** The names of a template's placeholders, in order (a `{name|one|other}` names `name`). */
export function placeholdersOf(template: string): string[] {
  return [...template.matchAll(PLACEHOLDER)].map((match) => match[1]!);
}
