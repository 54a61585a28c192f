import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { isDatabaseUnavailable } from './database-unavailable';
import { ConcurrentChangeError, DomainError, messageOf, TooManyRequestsError, type FieldIssues } from './domain-error';
import { loggableUrl } from '../../observability/logging/log-options';
import { DEFAULT_ERROR_CODES, type ApiErrorBody, type ErrorCode, type ErrorParamValue } from '../../../contracts/errors';
import { englishMessage } from '../../../contracts/error-messages';

/**
 * The one body every failure has: `{ success: false, message, code }`, plus `errors` by field for a 422 with
 * `fields` (their codes) beside them (issue 18: the client words the codes in the shopper's language).
 */
export type ErrorBody = ApiErrorBody;

/**
 * The answer's body for a code: its English message (contracts/error-messages.ts) with `params` filled in, the
 * params themselves, and per field the English messages (`errors`) and their codes (`fields`).
 */
export function errorBody(code: ErrorCode, params?: Readonly<Record<string, ErrorParamValue>>, issues?: FieldIssues): ErrorBody {
  return {
    success: false,
    message: englishMessage(code, params),
    code,
    ...(params ? { params: { ...params } } : {}),
    ...(issues
      ? {
          errors: Object.fromEntries(Object.entries(issues).map(([field, problems]) => [field, problems.map(messageOf)])),
          fields: Object.fromEntries(Object.entries(issues).map(([field, problems]) => [field, problems.map((problem) => problem.code)])),
        }
      : {}),
  };
}

/** Seconds a client is asked to wait when the database cannot be reached. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
/** While the database stays away, one warning per this many milliseconds, not one per request. */
const UNAVAILABLE_LOG_EVERY_MS = 30_000;

/**
 * Maps every thrown error to an HTTP answer. Our errors answer with the message of the code they were thrown
 * with (its params and field problems beside it), a framework's refusal with its status's code; the database
 * being out of reach (stopped, restarting, connections cut) is a 503 with Retry-After, logged once per outage;
 * anything else is logged with its stack and answered as a 500 with a generic message, so no internals ever
 * reach a client.
 */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('Api');
  private unavailableLoggedAt = 0;
  private unavailableSinceLog = 0;

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const response = http.getResponse<Response>();
    const request = http.getRequest<Request>();
    if (response.headersSent) return;
    // Only failures that are not the client's: a client-side 4xx (an aborted upload reads ECONNABORTED) stays as it is.
    const clientStatus = statusOf(exception);
    if (!(exception instanceof DomainError) && (clientStatus === undefined || clientStatus >= 500) && isDatabaseUnavailable(exception)) {
      this.reportUnavailable(exception, request);
      response.setHeader('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
      response
        .status(HttpStatus.SERVICE_UNAVAILABLE)
        .json(errorBody('unavailable'));
      return;
    }
    const { status, body } = this.toAnswer(exception, request);
    if (exception instanceof TooManyRequestsError) {
      response.setHeader('Retry-After', String(exception.retryAfterSeconds));
    }
    response.status(status).json(body);
  }

  private reportUnavailable(exception: unknown, request: Request): void {
    this.unavailableSinceLog += 1;
    const now = Date.now();
    if (now - this.unavailableLoggedAt < UNAVAILABLE_LOG_EVERY_MS) return;
    const also = this.unavailableSinceLog > 1 ? ` (${this.unavailableSinceLog - 1} more such answers since the last warning)` : '';
    this.logger.warn(
      `database unavailable, answering 503: ${request.method} ${loggableUrl(request.originalUrl)}: ${exception instanceof Error ? exception.message : String(exception)}${also}`,
    );
    this.unavailableLoggedAt = now;
    this.unavailableSinceLog = 0;
  }

  private toAnswer(exception: unknown, request: Request): { status: number; body: ErrorBody } {
    if (exception instanceof ConcurrentChangeError) {
      // The detail (stream, versions) is for the log only: a lost race on a stream is expected traffic.
      this.logger.debug(`${request.method} ${loggableUrl(request.originalUrl)} lost a race: ${exception.message}`);
      return { status: HttpStatus.CONFLICT, body: errorBody('concurrent-change') };
    }
    const collision = databaseCollision(exception);
    if (collision) {
      const where = `${request.method} ${loggableUrl(request.originalUrl)}`;
      if (collision.constraint === EVENT_STREAM_POSITION_CONSTRAINT) {
        this.logger.debug(`${where} lost a race on an event stream (${collision.code})`);
      } else {
        // Not the event store's expected race: a duplicate a pre-check should have caught, or a hot row, is
        // answered 409 all the same, but must show. The code and constraint only: the message and detail
        // carry the row's values (an e-mail, a phone), the query its text.
        this.logger.warn(
          `${where} answered 409 on a database collision: SQLSTATE ${collision.code}${collision.constraint ? ` on constraint ${collision.constraint}` : ''}${collision.table ? ` (table ${collision.table})` : ''}`,
        );
      }
      return { status: HttpStatus.CONFLICT, body: errorBody('concurrent-change') };
    }
    if (exception instanceof DomainError) {
      return {
        status: exception.status,
        body: errorBody(exception.code, exception.params, exception.issues),
      };
    }
    const status = statusOf(exception);
    if (status !== undefined && status < 500) {
      return { status, body: errorBody(clientCode(exception, status)) };
    }
    this.logger.error(
      `${request.method} ${loggableUrl(request.originalUrl)} failed: ${exception instanceof Error ? exception.stack : String(exception)}`,
    );
    if (status === HttpStatus.SERVICE_UNAVAILABLE) {
      return { status, body: errorBody('service-busy') };
    }
    return {
      status: HttpStatus.INTERNAL_SERVER_ERROR,
      body: errorBody('server-error'),
    };
  }
}

/**
 * SQLSTATEs of two transactions colliding rather than of a wrong statement: unique_violation (two requests
 * inserting the same key at once), serialization_failure and deadlock_detected. Sending the request again
 * is the remedy, so they are a 409 with the same words as a stream's expected version, not a 500.
 */
const CONCURRENT_CHANGE_SQLSTATES = new Set(['23505', '40001', '40P01']);

/** The events table's unique (stream_id, stream_position): two appends to one stream racing. */
export const EVENT_STREAM_POSITION_CONSTRAINT = 'events_stream_position_key';

interface DatabaseCollision {
  code: string;
  constraint?: string;
  table?: string;
}

function databaseCollision(exception: unknown): DatabaseCollision | undefined {
  if (!(exception instanceof Error) || exception.name !== 'QueryFailedError') return undefined;
  const driverError = (exception as { driverError?: { code?: unknown; constraint?: unknown; table?: unknown } }).driverError;
  const source = (driverError ?? exception) as { code?: unknown; constraint?: unknown; table?: unknown };
  if (typeof source.code !== 'string' || !CONCURRENT_CHANGE_SQLSTATES.has(source.code)) return undefined;
  return {
    code: source.code,
    ...(typeof source.constraint === 'string' ? { constraint: source.constraint } : {}),
    ...(typeof source.table === 'string' ? { table: source.table } : {}),
  };
}

/** Status of Nest's own exceptions and of body-parser errors (which carry `status` / `type`). */
function statusOf(exception: unknown): number | undefined {
  if (exception instanceof HttpException) return exception.getStatus();
  if (typeof exception === 'object' && exception !== null) {
    const status = (exception as { status?: unknown; statusCode?: unknown }).status ?? (exception as { statusCode?: unknown }).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 600) return status;
  }
  return undefined;
}

/** The code of a framework's or body-parser's refusal: what went wrong where we can tell, else its status's. */
function clientCode(exception: unknown, status: number): ErrorCode {
  // Nest wraps body-parser failures in an HttpException whose cause carries body-parser's error type.
  const cause = exception instanceof HttpException ? exception.cause : exception;
  const type = (cause as { type?: string } | undefined)?.type;
  if (type === 'entity.parse.failed') return 'body-not-json';
  if (type === 'entity.too.large') return 'too-large';
  // The router's "Failed to decode param '<the raw path>'" would echo the client's input back.
  if (cause instanceof URIError || exception instanceof URIError || isParamDecodeFailure(exception)) return 'bad-request';
  return (DEFAULT_ERROR_CODES as Record<number, ErrorCode>)[status] ?? 'request-failed';
}

function isParamDecodeFailure(exception: unknown): boolean {
  const message = exception instanceof Error ? exception.message : '';
  return message.startsWith('Failed to decode param');
}
