import type { ArgumentsHost } from '@nestjs/common';
import { ApiExceptionFilter, DATABASE_RETRY_AFTER_SECONDS } from './api-exception.filter';
import { ConflictError } from './domain-error';

/** The filter against a recording response, as Express would be driven by it. */
function setup() {
  const answer = { status: 0, body: undefined as unknown, headers: {} as Record<string, string> };
  const response = {
    headersSent: false,
    setHeader: (name: string, value: string) => (answer.headers[name.toLowerCase()] = value),
    status(code: number) {
      answer.status = code;
      return this;
    },
    json: (body: unknown) => (answer.body = body),
  };
  const request = { method: 'POST', originalUrl: '/api/public/confirm-order' };
  const host = { switchToHttp: () => ({ getResponse: () => response, getRequest: () => request }) } as unknown as ArgumentsHost;
  const filter = new ApiExceptionFilter();
  (filter as unknown as { logger: { warn(): void; error(): void } }).logger = { warn: () => undefined, error: () => undefined };
  return { answer, catchError: (error: unknown) => filter.catch(error, host) };
}

describe('ApiExceptionFilter', () => {
  it('answers 503 with Retry-After and a generic message when PostgreSQL is restarting', () => {
    const { answer, catchError } = setup();
    catchError(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }));

    expect(answer.status).toBe(503);
    expect(answer.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
    expect(answer.body).toEqual({ success: false, message: 'The store is briefly unavailable. Please try again in a few seconds.' });
  });

  it('answers 503, not 500, when no connection can be opened', () => {
    const { answer, catchError } = setup();
    catchError(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }));

    expect(answer.status).toBe(503);
    expect(JSON.stringify(answer.body)).not.toContain('ECONNREFUSED');
  });

  it("keeps a client's own 4xx as it is, even when it reads like a connection error (an aborted upload)", () => {
    const { answer, catchError } = setup();
    catchError(Object.assign(new Error('request aborted'), { status: 400, code: 'ECONNABORTED', type: 'request.aborted' }));

    expect(answer.status).toBe(400);
    expect(answer.headers['retry-after']).toBeUndefined();
  });

  it('still answers 500 for an unknown failure and keeps domain errors as they are', () => {
    const unknown = setup();
    unknown.catchError(new Error('undefined is not a function'));
    expect(unknown.answer.status).toBe(500);
    expect(unknown.answer.headers['retry-after']).toBeUndefined();

    const conflict = setup();
    conflict.catchError(new ConflictError('Out of Stock'));
    expect(conflict.answer).toMatchObject({ status: 409, body: { success: false, message: 'Out of Stock' } });
  });
});
