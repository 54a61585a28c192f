import type { ArgumentsHost } from '@nestjs/common';
import { ApiExceptionFilter, DATABASE_RETRY_AFTER_SECONDS } from './api-exception.filter';
import { QueryFailedError } from 'typeorm';
import { ConcurrencyError, DuplicateEventError } from '../../event-store/concurrency-error';
import { NotFoundException } from '@nestjs/common';
import { ERROR_MESSAGES } from '../../../contracts/error-messages';
import { ConflictError, issue, NotFoundError, ValidationFailedError } from './domain-error';

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
  const logged = { warn: [] as string[], error: [] as string[], debug: [] as string[] };
  (filter as unknown as { logger: Record<keyof typeof logged, (line: string) => void> }).logger = {
    warn: (line) => logged.warn.push(line),
    error: (line) => logged.error.push(line),
    debug: (line) => logged.debug.push(line),
  };
  return { answer, logged, catchError: (error: unknown) => filter.catch(error, host) };
}

describe('ApiExceptionFilter', () => {
  it('answers 503 with Retry-After and a generic message when PostgreSQL is restarting', () => {
    const { answer, catchError } = setup();
    catchError(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }));

    expect(answer.status).toBe(503);
    expect(answer.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
    expect(answer.body).toEqual({ success: false, code: 'unavailable', message: 'The store is briefly unavailable. Please try again in a few seconds.' });
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
    conflict.catchError(new ConflictError('offer-not-ended'));
    expect(conflict.answer).toMatchObject({ status: 409, body: { success: false, code: 'offer-not-ended', message: 'The offer period has not ended yet.' } });
  });

  it.each([
    ['a stream at another version', new ConcurrencyError('user-5b0e3a52-63c4-4d0b-9d53-2d1f0f2f4c11', 3, 4)],
    ['an event recorded twice', new DuplicateEventError('Key (event_id)=(9f1c2b1e-8f3b-4a53-b1a4-0f7d8a5b6c70) already exists.')],
    [
      'a unique row inserted by two requests at once',
      new QueryFailedError('INSERT INTO users (id, email) VALUES ($1, $2)', ['5b0e3a52', 'a@b.c'], Object.assign(new Error('duplicate key value violates unique constraint "users_email_key"'), { code: '23505' })),
    ],
    ['a serialisation failure', new QueryFailedError('UPDATE x', [], Object.assign(new Error('could not serialize access due to concurrent update'), { code: '40001' }))],
    ['a deadlock', new QueryFailedError('UPDATE x', [], Object.assign(new Error('deadlock detected'), { code: '40P01' }))],
  ])('answers %s as a 409 a person can act on, with nothing internal', (_, error) => {
    const { answer, catchError } = setup();
    catchError(error);
    expect(answer.status).toBe(409);
    expect(answer.body).toEqual({ success: false, code: 'concurrent-change', message: 'This was changed at the same time by another request. Please try again.' });
  });

  /** A unique violation as node-postgres reports it: the message names the constraint, the detail the row's values. */
  function uniqueViolation(constraint: string, table: string): QueryFailedError {
    return new QueryFailedError(
      `INSERT INTO ${table} (id, email) VALUES ($1, $2)`,
      ['5b0e3a52', 'nusrat@example.com'],
      Object.assign(new Error(`duplicate key value violates unique constraint "${constraint}"`), {
        code: '23505',
        constraint,
        table,
        detail: 'Key (email)=(nusrat@example.com) already exists.',
      }),
    );
  }

  it('logs a unique violation that is not an event-stream race at warn, with its constraint and no values', () => {
    const { answer, logged, catchError } = setup();
    catchError(uniqueViolation('users_email_key', 'users'));
    expect(answer.status).toBe(409);
    expect(logged.debug).toEqual([]);
    expect(logged.warn).toEqual(['POST /api/public/confirm-order answered 409 on a database collision: SQLSTATE 23505 on constraint users_email_key (table users)']);
    expect(logged.warn.join('\n')).not.toMatch(/nusrat|5b0e3a52|INSERT/);
  });

  it.each([
    ['serialisation failure', '40001'],
    ['deadlock', '40P01'],
  ])('logs a %s at warn with its SQLSTATE', (_, code) => {
    const { answer, logged, catchError } = setup();
    catchError(new QueryFailedError('UPDATE stock SET n = $1', [3], Object.assign(new Error('boom'), { code })));
    expect(answer.status).toBe(409);
    expect(logged.warn).toEqual([`POST /api/public/confirm-order answered 409 on a database collision: SQLSTATE ${code}`]);
  });

  it("keeps the event store's own races (stream position, expected version) at debug", () => {
    const { answer, logged, catchError } = setup();
    catchError(uniqueViolation('events_stream_position_key', 'events'));
    catchError(new ConcurrencyError('user-1', 3, 4));
    expect(answer.status).toBe(409);
    expect(logged.warn).toEqual([]);
    expect(logged.debug).toHaveLength(2);
    expect(logged.debug[0]).not.toMatch(/nusrat|5b0e3a52/);
  });

  describe('codes beside the English message (issue 18, issue 26)', () => {
    it("gives an error the code it names, with its params, and each field message its code", () => {
      const { answer, catchError } = setup();
      const message = 'Out of Stock: Classic Polo (Size: M) has only 1 left.';
      // As ordering's ProductOutOfStock throws it.
      catchError(new ConflictError('out-of-stock-left', { product: 'Classic Polo', size: 'M', available: 1 }).onField('items.0.qty'));
      expect(answer).toMatchObject({ status: 409 });
      expect(answer.body).toEqual({
        success: false,
        message,
        code: 'out-of-stock-left',
        params: { product: 'Classic Polo', size: 'M', available: 1 },
        errors: { 'items.0.qty': [message] },
        fields: { 'items.0.qty': ['out-of-stock-left'] },
      });
    });

    it('heads a 422 with its first field problem and gives every field message the code it was found with', () => {
      const { answer, catchError } = setup();
      catchError(new ValidationFailedError({ phone: [issue('phone-invalid')], note: [issue('invalid-input', { detail: 'Something else' })] }));
      expect(answer.body).toEqual({
        success: false,
        code: 'phone-invalid',
        message: 'The phone number must be an 11-digit mobile number starting with 01.',
        errors: { phone: ['The phone number must be an 11-digit mobile number starting with 01.'], note: ['Something else'] },
        fields: { phone: ['phone-invalid'], note: ['invalid-input'] },
      });
    });

    it('answers the message of the code an error names', () => {
      const notFound = setup();
      notFound.catchError(new NotFoundError('offer-not-found'));
      expect(notFound.answer.body).toEqual({ success: false, message: 'Offer not found.', code: 'offer-not-found' });
    });

    it("falls back to one code per status for a failure that is not ours (the framework's 404, a bug)", () => {
      const notFound = setup();
      notFound.catchError(new NotFoundException('Cannot GET /api/nowhere'));
      expect(notFound.answer.body).toEqual({ success: false, message: 'Not found.', code: 'not-found' });
      const unknown = setup();
      unknown.catchError(new Error('boom'));
      expect(unknown.answer.body).toEqual({ success: false, message: 'Something went wrong. Please try again.', code: 'server-error' });
    });

    it('keeps the code where the error is thrown when its English message is reworded', () => {
      const reworded = 'Sorry, that coupon ran out of time.';
      const replaced = jest.replaceProperty(ERROR_MESSAGES, 'coupon-expired', reworded as (typeof ERROR_MESSAGES)['coupon-expired']);
      try {
        const { answer, catchError } = setup();
        catchError(ValidationFailedError.field('coupon_code', 'coupon-expired'));
        expect(answer.body).toEqual({ success: false, code: 'coupon-expired', message: reworded, errors: { coupon_code: [reworded] }, fields: { coupon_code: ['coupon-expired'] } });
      } finally {
        replaced.restore();
      }
      expect(ERROR_MESSAGES['coupon-expired']).toBe('This coupon has expired.');
    });
  });

  it('keeps the detail of a concurrency error for the log', () => {
    expect(new ConcurrencyError('user-1', 3, 4).message).toBe('Stream user-1 is at version 4, expected 3');
  });
});
