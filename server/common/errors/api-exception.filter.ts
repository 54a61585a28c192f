import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { DomainError, TooManyRequestsError } from './domain-error';

/** The one body every failure has: `{ success: false, message }`, plus `errors` by field for a 422. */
export interface ErrorBody {
  success: false;
  message: string;
  errors?: Record<string, string[]>;
}

const GENERIC_MESSAGES: Record<number, string> = {
  400: 'The request could not be understood.',
  401: 'Please log in to continue.',
  403: 'You do not have permission to do this.',
  404: 'Not found.',
  405: 'This method is not allowed here.',
  413: 'The request is too large.',
  415: 'This content type is not supported.',
  429: 'Too many requests. Please wait a moment and try again.',
};

/**
 * Maps every thrown error to an HTTP answer. Known errors keep their message; anything else is logged with
 * its stack and answered as a 500 with a generic message, so no internals ever reach a client.
 */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('Api');

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const response = http.getResponse<Response>();
    const request = http.getRequest<Request>();
    const { status, body } = this.toAnswer(exception, request);
    if (exception instanceof TooManyRequestsError) {
      response.setHeader('Retry-After', String(exception.retryAfterSeconds));
    }
    if (!response.headersSent) response.status(status).json(body);
  }

  private toAnswer(exception: unknown, request: Request): { status: number; body: ErrorBody } {
    if (exception instanceof DomainError) {
      return {
        status: exception.status,
        body: { success: false, message: exception.message, ...(exception.errors ? { errors: exception.errors } : {}) },
      };
    }
    const status = statusOf(exception);
    if (status !== undefined && status < 500) {
      return { status, body: { success: false, message: clientMessage(exception, status) } };
    }
    this.logger.error(
      `${request.method} ${request.originalUrl} failed: ${exception instanceof Error ? exception.stack : String(exception)}`,
    );
    if (status === HttpStatus.SERVICE_UNAVAILABLE) {
      return { status, body: { success: false, message: 'The service is busy. Please try again shortly.' } };
    }
    return {
      status: HttpStatus.INTERNAL_SERVER_ERROR,
      body: { success: false, message: 'Something went wrong. Please try again.' },
    };
  }
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

function clientMessage(exception: unknown, status: number): string {
  // Nest wraps body-parser failures in an HttpException whose cause carries body-parser's error type.
  const cause = exception instanceof HttpException ? exception.cause : exception;
  const type = (cause as { type?: string } | undefined)?.type;
  if (type === 'entity.parse.failed') return 'The request body is not valid JSON.';
  if (type === 'entity.too.large') return GENERIC_MESSAGES[413];
  if (exception instanceof HttpException && status === 404) return 'Not found.';
  if (exception instanceof HttpException) {
    const response = exception.getResponse();
    const message = typeof response === 'string' ? response : (response as { message?: unknown }).message;
    if (typeof message === 'string') return message;
  }
  return GENERIC_MESSAGES[status] ?? 'The request could not be completed.';
}
