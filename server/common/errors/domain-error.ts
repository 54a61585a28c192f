/**
 * The errors a request can end with, each mapped to one HTTP status by `ApiExceptionFilter`. Domain and
 * application code throws these; no code outside the filter chooses a status.
 */
export type FieldErrors = Record<string, string[]>;

export abstract class DomainError extends Error {
  abstract readonly status: number;
  /** A stable code for clients (contracts/errors.ts); none: the message's code, else the status's. */
  code?: string;
  /** Values the message names (a product, a size, a count), for a client that words it in its own language. */
  params?: Record<string, string | number>;

  /** Names this error's code (and the values its message names): `throw new ConflictError('…').withCode('x')`. */
  withCode(code: string, params?: Record<string, string | number>): this {
    this.code = code;
    if (params) this.params = params;
    return this;
  }

  constructor(
    message: string,
    readonly errors?: FieldErrors,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** 422: input that breaks a rule, with the messages per field the client shows. */
export class ValidationFailedError extends DomainError {
  readonly status = 422;

  constructor(errors: FieldErrors, message = firstMessage(errors) ?? 'The given data was invalid.') {
    super(message, errors);
  }

  static field(field: string, message: string): ValidationFailedError {
    return new ValidationFailedError({ [field]: [message] });
  }
}

export class BadRequestError extends DomainError {
  readonly status = 400;
}

export class UnauthorizedError extends DomainError {
  readonly status = 401;
}

export class ForbiddenError extends DomainError {
  readonly status = 403;
}

export class NotFoundError extends DomainError {
  readonly status = 404;
}

/** 409: the request was valid but the state it acted on changed, or it conflicts with existing data. */
export class ConflictError extends DomainError {
  readonly status = 409;
}

/** What a person reads when their change lost a race: nothing internal, and what to do about it. */
export const CONCURRENT_CHANGE_MESSAGE = 'This was changed at the same time by another request. Please try again.';

/**
 * 409: another request changed the same thing between this one's read and its write (an event stream's
 * expected version, a unique row, a serialisation failure). `message` keeps the internal detail for logs;
 * `ApiExceptionFilter` answers only `CONCURRENT_CHANGE_MESSAGE`.
 */
export class ConcurrentChangeError extends ConflictError {
  readonly publicMessage = CONCURRENT_CHANGE_MESSAGE;
}

export class TooManyRequestsError extends DomainError {
  readonly status = 429;

  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}

export class ServiceUnavailableError extends DomainError {
  readonly status = 503;
}

function firstMessage(errors: FieldErrors): string | undefined {
  for (const messages of Object.values(errors)) if (messages.length > 0) return messages[0];
  return undefined;
}
