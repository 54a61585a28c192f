import type { ErrorCode, ErrorParamValue, ParamsArg } from '../../../contracts/errors';
import { englishMessage } from '../../../contracts/error-messages';

/**
 * The errors a request can end with, each mapped to one HTTP status by `ApiExceptionFilter`. Domain and
 * application code throws these; no code outside the filter chooses a status.
 *
 * An error names its code where it is thrown (`new NotFoundError('product-not-found')`,
 * `ValidationFailedError.field('email', 'email-taken')`), with the values its message names when it names
 * any; the English message comes from the catalogue (contracts/error-messages.ts). Rewording a message there
 * keeps every code, and a code without a message (in English or Bengali) does not compile.
 */

/** One problem of one field: its code and the values its message names. */
export interface FieldIssue {
  readonly code: ErrorCode;
  readonly params?: Readonly<Record<string, ErrorParamValue>>;
}

/** The problems of a request by field (`phone`, `cart.0.qty`), in the order they were found. */
export type FieldIssues = Record<string, FieldIssue[]>;

/** The English messages by field, as the answer's `errors` carries them. */
export type FieldErrors = Record<string, string[]>;

/** A field problem: `issue('phone-invalid', { field: 'Phone' })`. */
export function issue<C extends ErrorCode>(code: C, ...params: ParamsArg<C>): FieldIssue {
  return params[0] === undefined ? { code } : { code, params: params[0] };
}

/** The English message of a problem. */
export function messageOf(problem: FieldIssue): string {
  return englishMessage(problem.code, problem.params);
}

export abstract class DomainError<C extends ErrorCode = ErrorCode> extends Error {
  abstract readonly status: number;
  /** The stable code clients word the answer by (contracts/errors.ts). */
  readonly code: C;
  /** Values the message names (a product, a size, a count), for a client that words it in its own language. */
  readonly params?: Readonly<Record<string, ErrorParamValue>>;
  /** Problems by field, for an answer that also says which field is wrong (`errors` and `fields`). */
  issues?: FieldIssues;

  constructor(code: C, ...params: ParamsArg<C>) {
    super(englishMessage(code, params[0]));
    this.name = new.target.name;
    this.code = code;
    if (params[0] !== undefined) this.params = params[0];
  }

  /** Reports this error's own problem on `field` too (the login's `account`, a checkout line's `cart`). */
  onField(field: string): this {
    this.issues = { [field]: [{ code: this.code, ...(this.params ? { params: this.params } : {}) }] };
    return this;
  }

  /** The English messages by field, as the answer carries them; undefined when no field is named. */
  get errors(): FieldErrors | undefined {
    if (!this.issues) return undefined;
    return Object.fromEntries(Object.entries(this.issues).map(([field, problems]) => [field, problems.map(messageOf)]));
  }
}

/** 422: input that breaks a rule, with the problems per field the client shows; the first one heads the answer. */
export class ValidationFailedError extends DomainError {
  readonly status = 422;

  constructor(issues: FieldIssues) {
    const first = firstIssue(issues) ?? { code: 'invalid' as const };
    super(first.code, ...((first.params === undefined ? [] : [first.params]) as ParamsArg<ErrorCode>));
    this.issues = issues;
  }

  /** One problem on one field: `ValidationFailedError.field('image', 'picture-too-large')`. */
  static field<C extends ErrorCode>(field: string, code: C, ...params: ParamsArg<C>): ValidationFailedError {
    return new ValidationFailedError({ [field]: [issue(code, ...params)] });
  }
}

export class BadRequestError<C extends ErrorCode = ErrorCode> extends DomainError<C> {
  readonly status = 400;
}

export class UnauthorizedError<C extends ErrorCode = ErrorCode> extends DomainError<C> {
  readonly status = 401;
}

export class ForbiddenError<C extends ErrorCode = ErrorCode> extends DomainError<C> {
  readonly status = 403;
}

export class NotFoundError<C extends ErrorCode = ErrorCode> extends DomainError<C> {
  readonly status = 404;
}

/** 409: the request was valid but the state it acted on changed, or it conflicts with existing data. */
export class ConflictError<C extends ErrorCode = ErrorCode> extends DomainError<C> {
  readonly status = 409;
}

/** 413: a body or upload over its limit. */
export class PayloadTooLargeError<C extends ErrorCode = ErrorCode> extends DomainError<C> {
  readonly status = 413;
}

/** What a person reads when their change lost a race: nothing internal, and what to do about it. */
export const CONCURRENT_CHANGE_MESSAGE = englishMessage('concurrent-change');

/**
 * 409: another request changed the same thing between this one's read and its write (an event stream's
 * expected version, a unique row, a serialisation failure). `message` keeps the internal detail for logs;
 * `ApiExceptionFilter` answers only the code's message (`CONCURRENT_CHANGE_MESSAGE`).
 */
export class ConcurrentChangeError extends ConflictError<'concurrent-change'> {
  constructor(detail: string) {
    super('concurrent-change');
    this.message = detail;
  }
}

export class TooManyRequestsError<C extends ErrorCode = ErrorCode> extends DomainError<C> {
  readonly status = 429;

  /** `new TooManyRequestsError(30, 'too-many-attempts', { wait: '30 seconds' })`: Retry-After first, then the code. */
  constructor(
    readonly retryAfterSeconds: number,
    code: C,
    ...params: ParamsArg<C>
  ) {
    super(code, ...params);
  }
}

export class ServiceUnavailableError<C extends ErrorCode = ErrorCode> extends DomainError<C> {
  readonly status = 503;
}

function firstIssue(issues: FieldIssues): FieldIssue | undefined {
  for (const problems of Object.values(issues)) if (problems.length > 0) return problems[0];
  return undefined;
}
